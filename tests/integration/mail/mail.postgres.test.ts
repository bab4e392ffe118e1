import { onPostgres } from '../../support/on-databases'
import { mailSuite } from './mail-suite'

onPostgres('mail', mailSuite)
