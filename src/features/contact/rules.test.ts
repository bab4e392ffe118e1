import { describe, expect, it } from 'vitest'

import { fieldErrors } from '@/platform/forms/rules'

import { contactSchema } from './rules'

const valid = { name: 'Ada', email: 'ada@example.com', inquiryType: 'media', message: 'Hello' }

describe('contactSchema', () => {
  it('accepts a complete message and defaults the inquiry type to general', () => {
    expect(contactSchema.parse(valid).inquiryType).toBe('media')
    const { inquiryType: _omit, ...rest } = valid
    expect(contactSchema.parse(rest).inquiryType).toBe('general')
  })

  it('requires name, email and message, each with its own text', () => {
    const result = contactSchema.safeParse({ name: ' ', email: '', message: '' })
    expect(result.success).toBe(false)
    if (result.success) return
    expect(fieldErrors(result.error)).toEqual({
      name: 'Please enter your name.',
      email: 'Please enter your email address.',
      message: 'Please enter a message.',
    })
  })

  it.each([
    [{ email: 'not-an-email' }, 'email', 'Please enter a valid email address.'],
    [{ email: 'a@example.com\r\nBcc: x@example.com' }, 'email', 'Please enter a valid email address.'],
    [{ name: 'Ada\nBcc: x@example.com' }, 'name', 'Your name cannot contain line breaks.'],
    [{ name: 'x'.repeat(101) }, 'name', 'Your name can be at most 100 characters.'],
    [{ message: 'x'.repeat(5001) }, 'message', 'Your message can be at most 5,000 characters.'],
    [{ inquiryType: 'sales' }, 'inquiryType', 'Please choose one of the inquiry types.'],
    [{ name: '<script>alert(1)</script>' }, 'name', 'Your name cannot contain < or >.'],
    [{ name: 42 }, 'name', 'Please enter your name.'],
    [{ email: ['a@example.com'] }, 'email', 'Please enter your email address.'],
    [{ message: { text: 'hi' } }, 'message', 'Please enter a message.'],
  ])('rejects %j', (change, field, message) => {
    const result = contactSchema.safeParse({ ...valid, ...change })
    expect(result.success).toBe(false)
    if (result.success) return
    expect(fieldErrors<string>(result.error)[field]).toBe(message)
  })
})
