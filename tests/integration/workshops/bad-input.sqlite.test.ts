import { onSqlite } from '../../support/on-databases'
import { badInputSuite } from './bad-input-suite'

onSqlite(badInputSuite)
