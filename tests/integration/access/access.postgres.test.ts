import { onPostgres } from '../../support/on-databases'
import { accessSuite } from './access-suite'

onPostgres('money, clients and the admin’s buttons', accessSuite)
