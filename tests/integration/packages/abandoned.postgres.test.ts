import { onPostgres } from '../../support/on-databases'
import { abandonedSuite } from './abandoned-suite'

onPostgres('unpaid checkouts', abandonedSuite)
