import { onSqlite } from '../../support/on-databases'
import { peopleSuite } from './people-suite'

onSqlite(peopleSuite)
