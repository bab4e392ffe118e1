import { onSqlite } from '../../support/on-databases'
import { newsletterArchiveSuite } from './archive-suite'

onSqlite(newsletterArchiveSuite)
