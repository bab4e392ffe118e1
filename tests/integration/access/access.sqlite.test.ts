import { onSqlite } from '../../support/on-databases'
import { accessSuite } from './access-suite'

onSqlite(accessSuite)
