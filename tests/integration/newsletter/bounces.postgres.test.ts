import { onPostgres } from '../../support/on-databases'
import { newsletterBouncesSuite } from './bounces-suite'

onPostgres('bounces and complaints', newsletterBouncesSuite)
