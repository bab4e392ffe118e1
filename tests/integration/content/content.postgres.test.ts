import { onPostgres } from '../../support/on-databases'
import { contentSuite } from './content-suite'

onPostgres('content model', contentSuite)
