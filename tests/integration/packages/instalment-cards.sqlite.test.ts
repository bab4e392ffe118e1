import { onSqlite } from '../../support/on-databases'
import { instalmentCardsSuite } from './instalment-cards-suite'

onSqlite(instalmentCardsSuite)
