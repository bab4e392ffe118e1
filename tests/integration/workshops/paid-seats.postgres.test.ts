import { onPostgres } from '../../support/on-databases'
import { paidSeatsSuite } from './paid-seats-suite'

onPostgres('paid workshop seats', paidSeatsSuite)
