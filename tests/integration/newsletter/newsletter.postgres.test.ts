import { onPostgres } from '../../support/on-databases'
import { newsletterSuite } from './newsletter-suite'

onPostgres('newsletter', newsletterSuite)
