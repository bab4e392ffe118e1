import { onSqlite } from '../../support/on-databases'
import { cardSeatsSuite } from './card-seats-suite'

onSqlite(cardSeatsSuite)
