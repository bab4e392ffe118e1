import { onSqlite } from '../../support/on-databases'
import { paidSeatsSuite } from './paid-seats-suite'

onSqlite(paidSeatsSuite)
