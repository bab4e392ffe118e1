import { onSqlite } from '../../support/on-databases'
import { abandonedSuite } from './abandoned-suite'

onSqlite(abandonedSuite)
