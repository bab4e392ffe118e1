import { onSqlite } from '../../support/on-databases'
import { newsletterSuite } from './newsletter-suite'

onSqlite(newsletterSuite)
