import { onSqlite } from '../../support/on-databases'
import { confirmSuite } from './confirm-suite'

onSqlite(confirmSuite)
