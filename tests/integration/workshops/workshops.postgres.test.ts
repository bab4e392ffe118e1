import { onPostgres } from '../../support/on-databases'
import { workshopsSuite } from './workshops-suite'

onPostgres('workshop registration', workshopsSuite)
