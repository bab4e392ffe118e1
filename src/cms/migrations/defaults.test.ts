import fs from 'node:fs'
import path from 'node:path'

import { describe, expect, it } from 'vitest'

import { MAIL_TEXTS } from '@/features/mail-texts/defaults'

/*
 * Payload's migration generator indents every line of a multi-line column default inside its SQL template,
 * which would put two spaces before each line of a mail text the database fills in. The migrations were
 * corrected by hand; this keeps them so.
 */
describe('the migrations’ column defaults', () => {
  for (const dialect of ['sqlite', 'postgres']) {
    it(`hold every mail text exactly as built in (${dialect})`, () => {
      const dir = path.join(import.meta.dirname, dialect)
      const sql = fs
        .readdirSync(dir)
        .filter((f) => f.endsWith('.ts') && f !== 'index.ts')
        .map((f) => fs.readFileSync(path.join(dir, f), 'utf8'))
        .join('\n')
      for (const [name, text] of Object.entries(MAIL_TEXTS)) {
        expect(sql, name).toContain(`DEFAULT '${text.body}'`)
        expect(sql, name).toContain(`DEFAULT '${text.subject}'`)
      }
    })
  }
})
