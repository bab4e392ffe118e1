import { onPostgres } from '../../support/on-databases'
import { badInputSuite } from './bad-input-suite'

onPostgres('bad input on workshop registration', badInputSuite)
