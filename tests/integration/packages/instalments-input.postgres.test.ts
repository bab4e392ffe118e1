import { onPostgres } from '../../support/on-databases'
import { instalmentsInputSuite } from './instalments-input-suite'

onPostgres('bad input on instalments', instalmentsInputSuite)
