import { freshSqlite } from '../../support/database'
import { formsSuite } from './contact-suite'

formsSuite('SQLite', async () => freshSqlite())
