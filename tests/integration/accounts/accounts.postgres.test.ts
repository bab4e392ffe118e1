import { onPostgres } from '../../support/on-databases'
import { accountsSuite } from './accounts-suite'

onPostgres('accounts', accountsSuite)
