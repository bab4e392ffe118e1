import { onPostgres } from '../../support/on-databases'
import { newsletterSendingSuite } from './sending-suite'

onPostgres('sending the newsletter', newsletterSendingSuite)
