import { onPostgres } from '../../support/on-databases'
import { checkoutInputSuite } from './checkout-input-suite'

onPostgres('bad input on a package’s agreement and intake', checkoutInputSuite)
