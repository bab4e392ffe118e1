import { onPostgres } from '../../support/on-databases'
import { sessionsSuite } from './sessions-suite'

onPostgres('coaching sessions', sessionsSuite)
