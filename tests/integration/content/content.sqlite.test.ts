import { cmsSuite } from './content-suite'
import { freshSqlite } from '../../support/database'

cmsSuite('SQLite', async () => freshSqlite())
