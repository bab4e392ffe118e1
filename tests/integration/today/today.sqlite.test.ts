import { onSqlite } from '../../support/on-databases'
import { todaySuite } from './today-suite'

onSqlite(todaySuite)
