import { bookingSuite } from './booking-suite'
import { freshSqlite } from './database'

bookingSuite('SQLite', async () => freshSqlite())
