import fs from 'node:fs'
import path from 'node:path'

import { describe, expect, it } from 'vitest'

import { freeSlug, NEWSLETTER_LINK_PAGES, RESERVED_ISSUE_SLUGS, slugFrom, slugProblem } from './issue-slug'

describe("an issue's slug", () => {
  it('is made from the subject: lower case, accents dropped, one hyphen between words', () => {
    expect(slugFrom('Spring Letter: Small Steps, Taken Often!')).toBe('spring-letter-small-steps-taken-often')
    expect(slugFrom('  Café & Crème — über 2026  ')).toBe('cafe-and-creme-uber-2026')
    expect(slugFrom('???')).toBe('issue')
    expect(slugFrom('a'.repeat(200))).toHaveLength(80)
  })

  it('refuses the shape it cannot have and every reserved name, in words', () => {
    expect(slugProblem('spring-letter')).toBeNull()
    expect(slugProblem('Spring Letter')).toMatch(/^Use lower-case letters, digits and single hyphens only/)
    expect(slugProblem('a--b')).not.toBeNull()
    expect(slugProblem('-a')).not.toBeNull()
    expect(slugProblem('feed.xml')).not.toBeNull()
    expect(slugProblem('confirmed')).toBe(
      '"confirmed" is an address the site uses itself (/newsletter/confirmed): choose another.',
    )
  })

  it('is made free: a taken or reserved base gets a number or a word after it', () => {
    expect(freeSlug('letter', new Set())).toBe('letter')
    expect(freeSlug('letter', new Set(['letter', 'letter-2']))).toBe('letter-3')
    expect(freeSlug('confirmed', new Set())).toBe('confirmed-issue')
    expect(slugProblem(freeSlug('x'.repeat(80), new Set(['x'.repeat(80)])))).toBeNull()
  })

  it('reserves every name the site answers under /newsletter/ itself', () => {
    const own = ['src/app/(site)/newsletter', 'src/app/newsletter'].flatMap((dir) =>
      fs
        .readdirSync(path.resolve(dir), { withFileTypes: true })
        .filter((entry) => entry.isDirectory() && !entry.name.startsWith('['))
        .map((entry) => entry.name.replace(/\.\w+$/, '')),
    )
    expect(own).toEqual(expect.arrayContaining(['confirmed', 'unsubscribed', 'confirm', 'unsubscribe']))
    for (const name of own) expect(RESERVED_ISSUE_SLUGS, name).toContain(name)
    // The proxy lets these pages through as they are (src/proxy.ts): each is a page of the site.
    const pages = fs.readdirSync(path.resolve('src/app/(site)/newsletter'), { withFileTypes: true })
    const linkPages = pages.filter((e) => e.isDirectory() && !/[[.]/.test(e.name)).map((e) => e.name)
    expect([...NEWSLETTER_LINK_PAGES].sort()).toEqual(linkPages.sort())
  })
})
