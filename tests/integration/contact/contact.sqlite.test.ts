import { onSqlite } from '../../support/on-databases'
import { contactSuite } from './contact-suite'

onSqlite(contactSuite)
