import { describe, it } from 'vitest'

import { bookingSuite } from './booking-suite'
import { freshPostgres } from '../../support/database'

const serverUrl = process.env.TEST_POSTGRES_URL

if (serverUrl) {
  bookingSuite('PostgreSQL', () => freshPostgres(serverUrl))
} else {
  describe('booking on PostgreSQL', () => {
    it.skip('needs TEST_POSTGRES_URL (e.g. postgres://postgres@127.0.0.1:5432/postgres); .ci/run sets it', () => {})
  })
}
