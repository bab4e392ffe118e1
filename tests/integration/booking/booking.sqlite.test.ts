import { bookingSuite } from './booking-suite'
import { freshSqlite } from '../../support/database'

bookingSuite('SQLite', async () => freshSqlite())
