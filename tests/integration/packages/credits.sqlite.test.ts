import { onSqlite } from '../../support/on-databases'
import { creditsSuite } from './credits-suite'

onSqlite(creditsSuite)
