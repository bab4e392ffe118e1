import { onPostgres } from '../../support/on-databases'
import { todaySuite } from './today-suite'

onPostgres('today', todaySuite)
