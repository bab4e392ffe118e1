import { onSqlite } from '../../support/on-databases'
import { refundsSuite } from './refunds-suite'

onSqlite(refundsSuite)
