import { cmsSuite } from './cms-suite'
import { freshSqlite } from '../support/database'

cmsSuite('SQLite', async () => freshSqlite())
