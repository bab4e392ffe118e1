import { cmsSuite } from './cms-suite'
import { freshSqlite } from './database'

cmsSuite('SQLite', async () => freshSqlite())
