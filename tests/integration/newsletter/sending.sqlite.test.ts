import { onSqlite } from '../../support/on-databases'
import { newsletterSendingSuite } from './sending-suite'

onSqlite(newsletterSendingSuite)
