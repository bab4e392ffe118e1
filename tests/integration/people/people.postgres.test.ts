import { onPostgres } from '../../support/on-databases'
import { peopleSuite } from './people-suite'

onPostgres('people', peopleSuite)
