import { describe, expect, it } from 'vitest'

import { brandFrom, DEFAULT_BRAND } from './brand'

describe('the brand from Site settings', () => {
  it('is the built-in brand when nothing is stored, or only spaces', () => {
    expect(brandFrom(null)).toEqual(DEFAULT_BRAND)
    expect(brandFrom({ coachName: '  ', siteName: '', role: null })).toEqual(DEFAULT_BRAND)
  })

  it('takes what the coach wrote, field by field; mails come from the site name unless named', () => {
    const brand = brandFrom({ coachName: ' Sam Rivera ', siteName: 'Rivera Coaching', mailFromName: '' })
    expect(brand).toMatchObject({ name: 'Sam Rivera', siteName: 'Rivera Coaching', role: DEFAULT_BRAND.role })
    expect(brand.mailFromName).toBe('Rivera Coaching')
  })

  it('uses an image only when it has an address and alternative text (not a bare id)', () => {
    expect(brandFrom({ logo: 7 }).logo).toBeNull()
    expect(brandFrom({ logo: { url: '/cms-api/media/file/a.webp', alt: '', width: 64, height: 64 } }).logo).toEqual({
      url: '/cms-api/media/file/a.webp',
      alt: '',
      width: 64,
      height: 64,
    })
  })
})
