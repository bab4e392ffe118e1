import { onPostgres } from '../../support/on-databases'
import { stripeSuite } from './stripe-suite'

onPostgres('stripe', stripeSuite)
