import { onPostgres } from '../../support/on-databases'
import { newsletterArchiveSuite } from './archive-suite'

onPostgres("the newsletter's archive", newsletterArchiveSuite)
