import { onSqlite } from '../../support/on-databases'
import { bookingSuite } from './booking-suite'

onSqlite(bookingSuite)
