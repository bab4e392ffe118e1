import { freshSqlite } from '../support/database'
import { outboxLinksSuite } from './outbox-links-suite'

outboxLinksSuite('SQLite', async () => freshSqlite())
