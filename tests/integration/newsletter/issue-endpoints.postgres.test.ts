import { onPostgres } from '../../support/on-databases'
import { issueEndpointsSuite } from './issue-endpoints-suite'

onPostgres("the newsletter's buttons", issueEndpointsSuite)
