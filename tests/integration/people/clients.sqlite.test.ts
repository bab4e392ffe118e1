import { onSqlite } from '../../support/on-databases'
import { clientsSuite } from './clients-suite'

onSqlite(clientsSuite)
