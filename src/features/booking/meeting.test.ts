import { describe, expect, it } from 'vitest'

import {
  inviteLocation,
  meetingSetting,
  PHONE_MESSAGES,
  PHONE_PATTERN,
  phoneProblem,
  videoLinkProblem,
  whereText,
} from './meeting'

/** The browser matches `pattern` whole, with the `v` flag (HTML: "compiled with the v flag"). */
const browserAccepts = (value: string) => new RegExp(`^(?:${PHONE_PATTERN})$`, 'v').test(value)

describe('phoneProblem', () => {
  it.each([
    '+44 20 7946 0958',
    '020 7946 0958',
    '(555) 123-4567',
    '+1 (555) 123.4567',
    '+351-912-345-678',
    '1234567',
    '+123456789012345',
  ])('takes %s', (phone) => {
    expect(phoneProblem(phone)).toBeNull()
    expect(browserAccepts(phone)).toBe(true)
  })

  it.each([
    ['', PHONE_MESSAGES.missing],
    ['   ', PHONE_MESSAGES.missing],
    [
      '12 34',
      'That number has only 4 digits; a phone number has at least 7. Please enter the whole number, with the area code.',
    ],
    [
      '1',
      'That number has only 1 digit; a phone number has at least 7. Please enter the whole number, with the area code.',
    ],
    ['+1234567890123456', 'That number has 16 digits; a phone number has at most 15, with the country code.'],
    [
      'call me maybe',
      'A phone number cannot contain “c”: use only digits, spaces, a leading +, brackets, dots and dashes.',
    ],
    [
      '020 7946 0958 ext 2',
      'A phone number cannot contain “e”: use only digits, spaces, a leading +, brackets, dots and dashes.',
    ],
    ['44+20 7946 0958', 'A + can only come first, before the country code (e.g. +44 20 7946 0958).'],
    ['++44 20 7946 0958', 'A + can only come first, before the country code (e.g. +44 20 7946 0958).'],
    ['+44 20 7946 0958 0000 0000 0000', PHONE_MESSAGES.tooLong],
  ])('refuses %j, saying what is wrong', (phone, message) => {
    expect(phoneProblem(phone)).toBe(message)
    if (phone.trim()) expect(browserAccepts(phone)).toBe(false)
  })

  it('refuses what is not text', () => {
    expect(phoneProblem(undefined)).toBe(PHONE_MESSAGES.missing)
    expect(phoneProblem(447946)).toBe(PHONE_MESSAGES.missing)
  })
})

describe('videoLinkProblem', () => {
  it('takes an https link and refuses anything else, in words', () => {
    expect(videoLinkProblem('https://meet.example.com/jordan')).toBeNull()
    expect(videoLinkProblem('')).toBe('A video call needs its link: paste the link of your room.')
    for (const bad of ['http://meet.example.com/jordan', 'meet.example.com/jordan', 'https://', 'https://a b.com']) {
      expect(videoLinkProblem(bad), bad).toBe('Paste the whole link of your video room, starting with https://.')
    }
  })
})

describe('where the call happens', () => {
  const names = { coach: 'Jordan Ellis', visitor: 'Ada Lovelace' }

  it('reads the setting; a kind without its link or address counts as not set', () => {
    expect(meetingSetting(null)).toEqual({ kind: 'unset', place: null })
    expect(meetingSetting({ kind: 'video', link: ' https://meet.example.com/j ' })).toEqual({
      kind: 'video',
      place: 'https://meet.example.com/j',
    })
    expect(meetingSetting({ kind: 'video', link: '' })).toEqual({ kind: 'unset', place: null })
    expect(meetingSetting({ kind: 'in-person', address: null })).toEqual({ kind: 'unset', place: null })
    expect(meetingSetting({ kind: 'phone', link: 'https://x.example' })).toEqual({ kind: 'phone', place: null })
    expect(meetingSetting({ kind: 'carrier pigeon' })).toEqual({ kind: 'unset', place: null })
  })

  it('says it to each side, and nothing for a call booked without it', () => {
    const phone = { kind: 'phone', place: null, phone: '+44 20 7946 0958' } as const
    expect(whereText(phone, 'visitor', names)).toBe('By phone: Jordan Ellis calls you at +44 20 7946 0958')
    expect(whereText(phone, 'coach', names)).toBe('By phone: you call Ada Lovelace at +44 20 7946 0958')
    const address = { kind: 'in-person', place: '12 Harbour Street\nLisbon', phone: null } as const
    expect(whereText(address, 'visitor', names)).toBe('In person at 12 Harbour Street, Lisbon')
    expect(inviteLocation(address)).toBe('12 Harbour Street, Lisbon')
    expect(whereText({ kind: 'unset', place: null, phone: null }, 'visitor', names)).toBeNull()
    expect(inviteLocation({ kind: 'unset', place: null, phone: null })).toBeNull()
  })
})
