import { onPostgres } from '../../support/on-databases'
import { coachSessionsSuite } from './coach-sessions-suite'

onPostgres('coach sessions', coachSessionsSuite)
