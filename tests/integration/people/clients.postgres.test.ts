import { onPostgres } from '../../support/on-databases'
import { clientsSuite } from './clients-suite'

onPostgres('clients', clientsSuite)
