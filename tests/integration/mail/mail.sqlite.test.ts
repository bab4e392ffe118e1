import { onSqlite } from '../../support/on-databases'
import { mailSuite } from './mail-suite'

onSqlite(mailSuite)
