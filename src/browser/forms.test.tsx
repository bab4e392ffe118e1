// @vitest-environment happy-dom
import { renderToStaticMarkup } from 'react-dom/server'
import type { ReactElement } from 'react'
import { afterEach, describe, expect, it, vi } from 'vitest'

import type { FormResult } from '@/platform/forms/results'

/*
 * The script against the forms as their components render them (the server's HTML), in happy-dom: it finds
 * what it needs in that markup alone, and answers in the same markup the server renders for the same result.
 */

const posted: { state: FormResult | null } = { state: null }
vi.mock('@/components/forms/useFormPost', async (original) => {
  const real = await original<typeof import('@/components/forms/useFormPost')>()
  return { ...real, useFormPost: () => ({ ...real.answerOf(posted.state), formAction: '/' }) }
})
vi.mock('@/features/contact/actions', () => ({ contactAction: async () => null }))
vi.mock('@/features/newsletter/actions', () => ({ subscribeAction: async () => null }))
vi.mock('@/features/booking/actions', () => ({ bookAction: async () => null }))

const { BookingForm } = await import('@/features/booking/BookingForm')
const { ContactForm } = await import('@/features/contact/ContactForm')
const { SubscribeForm } = await import('@/features/newsletter/SubscribeForm')
const { enhanceForms } = await import('./forms')

const SLOTS = ['2030-01-07T09:00:00.000Z', '2030-01-07T10:00:00.000Z', '2030-01-08T09:00:00.000Z']
const forms = {
  contact: () => <ContactForm />,
  booking: () => <BookingForm slots={SLOTS} coachTimeZone="UTC" />,
  subscribe: () => <SubscribeForm source="footer" />,
}

/** The form as the server renders it for `state`. */
const serverHtml = (form: () => ReactElement, state: FormResult | null = null) => {
  posted.state = state
  return renderToStaticMarkup(form())
}

/** The form, enhanced, on a page of its own; `answer` is what its endpoint answers. */
function page(form: () => ReactElement, answer?: { status: number; body: object }) {
  document.body.innerHTML = serverHtml(form)
  const fetch = vi.fn(async () => new Response(JSON.stringify(answer?.body ?? {}), { status: answer?.status ?? 200 }))
  vi.stubGlobal('fetch', fetch)
  enhanceForms()
  const el = document.querySelector('form')!
  const submit = () => el.dispatchEvent(new Event('submit', { cancelable: true }))
  return { form: el, fetch, submit }
}

/** The answers' markup alone, as the browser would serialize it (no autofocus: the script gives focus). */
const answers = (root: ParentNode) =>
  [...root.querySelectorAll('.error-summary, .field-error, .form-notice')].map((el) =>
    el.outerHTML.replace(' autofocus=""', '').replace(/ data-field="\w+"/g, ''),
  )
const described = (root: ParentNode) =>
  [...root.querySelectorAll('[aria-describedby$="-error"]')].map(
    (el) => `${el.getAttribute('name') ?? el.tagName.toLowerCase()}:${el.getAttribute('aria-invalid')}`,
  )

afterEach(() => {
  vi.unstubAllGlobals()
  document.body.innerHTML = ''
})

describe('the forms in place', () => {
  it('contact: the browser’s own checks, with the server’s texts and markup, a summary that takes focus', async () => {
    const { form, fetch, submit } = page(forms.contact)
    submit()
    expect(fetch).not.toHaveBeenCalled()
    const errors = {
      name: 'Please enter your name.',
      email: 'Please enter your email address.',
      message: 'Please enter a message.',
    }
    const server = document.createElement('div')
    server.innerHTML = serverHtml(forms.contact, {
      status: 'invalid',
      message: 'Please correct the fields marked below.',
      errors,
      values: {},
    })
    expect(answers(form)).toHaveLength(4)
    expect(answers(form)).toEqual(answers(server))
    expect(described(form)).toEqual(described(server))
    expect(document.activeElement).toBe(form.querySelector('.error-summary'))
    expect(form.querySelector('.error-summary')!.textContent).toContain('Email: Please enter your email address.')
  })

  it('contact: the endpoint’s answers, each replacing the last; success empties the form', async () => {
    const { form, fetch, submit } = page(forms.contact, {
      status: 422,
      body: { status: 'invalid', message: 'Please correct the fields marked below.', errors: { email: 'Bad.' } },
    })
    ;(form.elements.namedItem('name') as HTMLInputElement).value = 'Ada'
    ;(form.elements.namedItem('email') as HTMLInputElement).value = 'ada@example.com'
    ;(form.elements.namedItem('message') as HTMLTextAreaElement).value = 'Hello'
    submit()
    await vi.waitFor(() => expect(form.querySelector('.error-summary')).not.toBeNull())
    expect(fetch).toHaveBeenCalledWith('/api/contact', expect.objectContaining({ method: 'POST' }))
    const sent = JSON.parse((fetch.mock.calls[0] as unknown as [string, { body: string }])[1].body)
    expect(sent).toMatchObject({ name: 'Ada', email: 'ada@example.com', message: 'Hello', inquiryType: 'general' })
    expect(form.querySelector('.error-summary')!.textContent).toBe('Please correct the fields marked below.Email: Bad.')
    expect(described(form)).toEqual(['email:true'])

    const ok = { status: 'ok', message: 'Thank you!' } as const
    fetch.mockResolvedValueOnce(new Response(JSON.stringify(ok)))
    submit()
    await vi.waitFor(() => expect(form.querySelector('.form-notice')).not.toBeNull())
    expect(answers(form)).toEqual(answers(new DOMParser().parseFromString(serverHtml(forms.contact, ok), 'text/html')))
    expect(described(form)).toEqual([])
    expect((form.elements.namedItem('name') as HTMLInputElement).value).toBe('')
  })

  it('contact: an answer about no field (too many posts) is the summary alone', async () => {
    const limited = { status: 'rate-limited', message: 'Too many messages.', values: {} } as const
    const { form, submit } = page(forms.contact, { status: 429, body: limited })
    ;(form.elements.namedItem('name') as HTMLInputElement).value = 'Ada'
    ;(form.elements.namedItem('email') as HTMLInputElement).value = 'ada@example.com'
    ;(form.elements.namedItem('message') as HTMLTextAreaElement).value = 'Hello'
    submit()
    await vi.waitFor(() => expect(form.querySelector('.error-summary')).not.toBeNull())
    const server = new DOMParser().parseFromString(serverHtml(forms.contact, limited), 'text/html')
    expect(answers(form)).toEqual(answers(server))
  })

  it('booking: the time’s message above the days, each day described by it, the summary linking to the times', () => {
    const { form, submit } = page(forms.booking)
    submit()
    const errors = {
      slot: 'Please pick a time.',
      name: 'Please enter your name.',
      email: 'Please enter your email address.',
    }
    const server = new DOMParser().parseFromString(
      serverHtml(forms.booking, {
        status: 'invalid',
        message: 'Please correct the fields marked below.',
        errors,
        values: {},
      }),
      'text/html',
    )
    expect(answers(form)).toHaveLength(4)
    expect(answers(form)).toEqual(answers(server))
    expect(described(form)).toEqual(['fieldset:null', 'fieldset:null', 'name:true', 'email:true'])
    expect(described(form)).toEqual(described(server))
    expect(form.querySelector('.slot-picker > #book-slot-error ~ fieldset.slot-day')).not.toBeNull()
    expect(form.querySelector('.error-summary a')!.getAttribute('href')).toBe('#book-slots')
  })

  it('newsletter: one message under the address, announced, whatever the answer', async () => {
    const { form, fetch, submit } = page(forms.subscribe, {
      status: 429,
      body: { status: 'rate-limited', message: 'Too many messages.' },
    })
    const email = form.elements.namedItem('email') as HTMLInputElement
    email.value = 'nope'
    submit()
    expect(fetch).not.toHaveBeenCalled()
    const alert = form.querySelector('.subscribe-form__row + p.field-error[role="alert"]')!
    expect(alert.textContent).toBe('Please enter a valid email address.')
    expect([email.getAttribute('aria-invalid'), email.getAttribute('aria-describedby')]).toEqual(['true', alert.id])

    email.value = 'reader@example.com'
    submit()
    await vi.waitFor(() => expect(form.querySelector('.field-error')!.textContent).toBe('Too many messages.'))
    expect(form.querySelectorAll('.field-error')).toHaveLength(1)
  })
})
