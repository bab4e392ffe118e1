import { onPostgres } from '../../support/on-databases'
import { instalmentsSuite } from './instalments-suite'

onPostgres('instalments', instalmentsSuite)
