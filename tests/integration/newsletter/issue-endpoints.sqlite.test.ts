import { onSqlite } from '../../support/on-databases'
import { issueEndpointsSuite } from './issue-endpoints-suite'

onSqlite(issueEndpointsSuite)
