import { describe, it } from 'vitest'

import { freshPostgres } from '../../support/database'
import { outboxLinksSuite } from './mail-suite'

const serverUrl = process.env.TEST_POSTGRES_URL

if (serverUrl) {
  outboxLinksSuite('PostgreSQL', () => freshPostgres(serverUrl))
} else {
  describe('secret links in the mail queue on PostgreSQL', () => {
    it.skip('needs TEST_POSTGRES_URL (e.g. postgres://postgres@127.0.0.1:5432/postgres); .ci/run sets it', () => {})
  })
}
