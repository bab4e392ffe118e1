import { onSqlite } from '../../support/on-databases'
import { checkoutSuite } from './checkout-suite'

onSqlite(checkoutSuite)
