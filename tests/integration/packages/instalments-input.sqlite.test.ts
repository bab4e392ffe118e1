import { onSqlite } from '../../support/on-databases'
import { instalmentsInputSuite } from './instalments-input-suite'

onSqlite(instalmentsInputSuite)
