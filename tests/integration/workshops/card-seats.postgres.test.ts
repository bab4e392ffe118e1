import { onPostgres } from '../../support/on-databases'
import { cardSeatsSuite } from './card-seats-suite'

onPostgres('paid workshop seats by card', cardSeatsSuite)
