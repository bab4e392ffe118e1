import { onPostgres } from '../../support/on-databases'
import { confirmSuite } from './confirm-suite'

onPostgres('workshop confirmation', confirmSuite)
