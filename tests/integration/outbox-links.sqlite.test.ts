import { freshSqlite } from './database'
import { outboxLinksSuite } from './outbox-links-suite'

outboxLinksSuite('SQLite', async () => freshSqlite())
