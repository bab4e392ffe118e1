import { onSqlite } from '../../support/on-databases'
import { stripeSuite } from './stripe-suite'

onSqlite(stripeSuite)
