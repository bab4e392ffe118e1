import { onSqlite } from '../../support/on-databases'
import { clientLinkSuite } from './client-link-suite'

onSqlite(clientLinkSuite)
