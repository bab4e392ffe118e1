import { onPostgres } from '../../support/on-databases'
import { refundsSuite } from './refunds-suite'

onPostgres('refunds', refundsSuite)
