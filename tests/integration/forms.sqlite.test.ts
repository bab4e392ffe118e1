import { freshSqlite } from './database'
import { formsSuite } from './forms-suite'

formsSuite('SQLite', async () => freshSqlite())
