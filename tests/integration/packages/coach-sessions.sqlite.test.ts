import { onSqlite } from '../../support/on-databases'
import { coachSessionsSuite } from './coach-sessions-suite'

onSqlite(coachSessionsSuite)
