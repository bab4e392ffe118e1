import { onPostgres } from '../../support/on-databases'
import { clientLinkSuite } from './client-link-suite'

onPostgres('mail me my link', clientLinkSuite)
