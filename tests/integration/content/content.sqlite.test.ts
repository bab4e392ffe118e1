import { onSqlite } from '../../support/on-databases'
import { contentSuite } from './content-suite'

onSqlite(contentSuite)
