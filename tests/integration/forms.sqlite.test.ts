import { freshSqlite } from '../support/database'
import { formsSuite } from './forms-suite'

formsSuite('SQLite', async () => freshSqlite())
