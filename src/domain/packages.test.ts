import { describe, expect, it } from 'vitest'

import {
  agreementHash,
  checkIntake,
  choicesOf,
  creditsValidUntil,
  formatCents,
  instalmentAmounts,
  instalmentDue,
  instalmentPlanText,
  newCheckoutCode,
  tidyCode,
  transferReference,
  type IntakeQuestion,
} from './packages'

describe('selling a package: the pure rules', () => {
  it('hashes the exact text of an agreement (SHA-256, hex): one changed character is another hash', () => {
    expect(agreementHash('abc')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad')
    expect(agreementHash('abc ')).not.toBe(agreementHash('abc'))
  })

  it('draws six-digit codes and reads them typed with spaces or dashes', () => {
    for (let i = 0; i < 50; i++) expect(newCheckoutCode()).toMatch(/^\d{6}$/)
    expect(tidyCode(' 042-917 ')).toBe('042917')
  })

  it('writes amounts as the site writes prices, and references without look-alike characters', () => {
    expect(formatCents(15000)).toBe('$150')
    expect(formatCents(120050)).toBe('$1200.50')
    expect(transferReference()).toMatch(/^PKG-[2-9A-HJKMNP-Z]{6}$/)
  })

  it('counts validity in days from the payment', () => {
    expect(creditsValidUntil(new Date('2026-12-01T10:00:00Z'), 90).toISOString()).toBe('2027-03-01T10:00:00.000Z')
  })

  it('checks intake answers: required ones present, choices among the choices, lengths bounded', () => {
    const questions: IntakeQuestion[] = [
      { question: 'Goal?', kind: 'long', required: true, choices: [] },
      { question: 'Heard of me?', kind: 'choice', required: false, choices: choicesOf('A friend\n\n A book ') },
      { question: 'City?', kind: 'short', required: false, choices: [] },
    ]
    expect(checkIntake(questions, { q0: ' Focus ', q1: 'A book' })).toEqual({
      answers: [
        { question: 'Goal?', answer: 'Focus' },
        { question: 'Heard of me?', answer: 'A book' },
        { question: 'City?', answer: '' },
      ],
      errors: {},
      faults: {},
    })
    const refused = checkIntake(questions, { q0: ' ', q1: 'TV', q2: 'x'.repeat(201) })
    expect(refused.errors).toEqual({
      q0: 'Please answer this question.',
      q1: 'Please choose one of the answers.',
      q2: 'Your answer can be at most 200 characters.',
    })
    expect(refused.faults).toEqual({ q0: 'missing', q1: 'choice', q2: 'long' })
    // A line break is one character, as the browser counts it, though it posts it as two (CR LF).
    const lines = `${'x'.repeat(1999)}\r\n${'y'.repeat(2000)}`
    expect(checkIntake(questions, { q0: lines })).toMatchObject({ errors: {}, faults: {} })
    expect(checkIntake(questions, { q0: lines }).answers[0]!.answer).toBe(`${'x'.repeat(1999)}\n${'y'.repeat(2000)}`)
    expect(checkIntake(questions, { q0: `${lines}z` }).faults).toEqual({ q0: 'long' })
  })

  it('splits a price into monthly instalments that add up to it exactly, the first taking the odd cents', () => {
    expect(instalmentAmounts(120000, 3)).toEqual([40000, 40000, 40000])
    expect(instalmentAmounts(100000, 3)).toEqual([33334, 33333, 33333])
    expect(instalmentAmounts(15011, 12)).toEqual([1261, ...Array(11).fill(1250)])
    for (let total = 0; total < 3000; total += 7)
      for (let n = 2; n <= 12; n++) expect(instalmentAmounts(total, n).reduce((a, b) => a + b)).toBe(total)
    expect(instalmentPlanText(120000, 3)).toBe('3 monthly payments of $400')
    expect(instalmentPlanText(100000, 3)).toBe('3 monthly payments: $333.34, then 2 of $333.33')
  })

  it('makes each instalment due on the same day of the month, the last day of a shorter month', () => {
    const first = new Date('2026-01-31T09:30:00.000Z')
    expect(instalmentDue(first, 1).toISOString()).toBe('2026-01-31T09:30:00.000Z')
    expect(instalmentDue(first, 2).toISOString()).toBe('2026-02-28T09:30:00.000Z')
    expect(instalmentDue(first, 3).toISOString()).toBe('2026-03-31T09:30:00.000Z')
    expect(instalmentDue(first, 13).toISOString()).toBe('2027-01-31T09:30:00.000Z')
  })
})
