import { onSqlite } from '../../support/on-databases'
import { sessionsSuite } from './sessions-suite'

onSqlite(sessionsSuite)
