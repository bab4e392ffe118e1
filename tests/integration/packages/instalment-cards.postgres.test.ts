import { onPostgres } from '../../support/on-databases'
import { instalmentCardsSuite } from './instalment-cards-suite'

onPostgres('instalment-cards', instalmentCardsSuite)
