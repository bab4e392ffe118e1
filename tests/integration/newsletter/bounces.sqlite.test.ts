import { onSqlite } from '../../support/on-databases'
import { newsletterBouncesSuite } from './bounces-suite'

onSqlite(newsletterBouncesSuite)
