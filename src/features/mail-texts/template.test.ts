import { describe, expect, it } from 'vitest'

import { fillTemplate, templateProblem } from './template'

describe('mail text placeholders', () => {
  const allowed = ['name', 'link', 'siteName']

  it('accepts a text that uses known placeholders and keeps the required ones', () => {
    expect(templateProblem('Hello {name},\nConfirm: {link}', allowed, ['link'])).toBeNull()
    expect(templateProblem('No placeholders at all', allowed)).toBeNull()
  })

  it('names an unknown placeholder and lists the ones the mail has', () => {
    expect(templateProblem('Hello {nmae}', allowed)).toBe(
      'This mail has no placeholder {nmae}. It can use {name}, {link}, {siteName}.',
    )
    expect(templateProblem('Hi {name}', [])).toBe('This mail has no placeholder {name}. It can use none.')
  })

  it('refuses braces without their pair, nested or empty placeholders', () => {
    const unpaired = 'A { or } is missing its pair. Placeholders are written like {name}.'
    expect(templateProblem('Hello {name', allowed)).toBe(unpaired)
    expect(templateProblem('Hello name}', allowed)).toBe(unpaired)
    expect(templateProblem('Hello {{name}}', allowed)).toBe(unpaired)
    expect(templateProblem('Hello {}', allowed)).toBe(
      'This mail has no placeholder {}. It can use {name}, {link}, {siteName}.',
    )
  })

  it('says which required placeholder is missing', () => {
    expect(templateProblem('Hello {name}', allowed, ['link'])).toBe(
      'Keep {link} in the text: without it the mail cannot do its job.',
    )
  })

  it('refuses an empty text', () => {
    expect(templateProblem('  \n ', allowed)).toBe('Write the text, or copy it back from the description below.')
  })

  it('fills every placeholder, more than once, and normalises line breaks', () => {
    expect(fillTemplate('Hi {name}\r\n{name}: {link}', { name: 'Ana', link: 'https://x.test/c' })).toBe(
      'Hi Ana\nAna: https://x.test/c',
    )
  })

  it('inserts values literally: a value that looks like a placeholder is not filled again', () => {
    expect(fillTemplate('Hello {name}, {link}', { name: '{link} $& $1', link: 'L' })).toBe('Hello {link} $& $1, L')
  })
})
