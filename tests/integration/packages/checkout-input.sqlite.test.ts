import { onSqlite } from '../../support/on-databases'
import { checkoutInputSuite } from './checkout-input-suite'

onSqlite(checkoutInputSuite)
