import { onSqlite } from '../../support/on-databases'
import { instalmentsSuite } from './instalments-suite'

onSqlite(instalmentsSuite)
