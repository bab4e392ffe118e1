import { onPostgres } from '../../support/on-databases'
import { checkoutSuite } from './checkout-suite'

onPostgres('checkout', checkoutSuite)
