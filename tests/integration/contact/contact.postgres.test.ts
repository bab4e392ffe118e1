import { onPostgres } from '../../support/on-databases'
import { contactSuite } from './contact-suite'

onPostgres('contact', contactSuite)
