import { onPostgres } from '../../support/on-databases'
import { bookingSuite } from './booking-suite'

onPostgres('booking', bookingSuite)
