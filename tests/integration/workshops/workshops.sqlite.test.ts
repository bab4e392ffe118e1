import { onSqlite } from '../../support/on-databases'
import { workshopsSuite } from './workshops-suite'

onSqlite(workshopsSuite)
