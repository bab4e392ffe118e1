import { freshSqlite } from '../../support/database'
import { outboxLinksSuite } from './mail-suite'

outboxLinksSuite('SQLite', async () => freshSqlite())
