import { onSqlite } from '../../support/on-databases'
import { accountsSuite } from './accounts-suite'

onSqlite(accountsSuite)
