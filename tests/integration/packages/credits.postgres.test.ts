import { onPostgres } from '../../support/on-databases'
import { creditsSuite } from './credits-suite'

onPostgres('credits', creditsSuite)
