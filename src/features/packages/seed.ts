import type { Payload, PayloadRequest } from 'payload'

/** The sample agreement a fresh install sells the Starter Session with; the coach replaces it with their own. */
export const SAMPLE_AGREEMENT = {
  title: 'Coaching agreement',
  text: [
    'This agreement is between you (the client) and your coach for the coaching sessions you buy here.',
    'Coaching is a partnership to help you reach your own goals. It is not therapy, medical, legal or financial advice; you stay responsible for your decisions and their results.',
    'Sessions are booked from your client page. You can move or cancel a session until 24 hours before it starts; a session cancelled later, or missed, uses its credit.',
    'Credits are valid for the period shown with your purchase and expire after it.',
    'What you share in sessions stays confidential, except where the law requires otherwise.',
    'If you wish to stop, write to your coach; unused credits are refunded at the coach’s discretion.',
  ].join('\n\n'),
}

/**
 * The Starter Session on sale with the sample agreement and two intake questions, and the payment details'
 * sample text, so a fresh install can sell it by bank transfer (only while there are no packages yet).
 */
export async function seedPackages(payload: Payload, req: Partial<PayloadRequest>): Promise<void> {
  if ((await payload.count({ collection: 'packages', req })).totalDocs > 0) return
  const agreement = await payload.create({ collection: 'agreements', data: SAMPLE_AGREEMENT, req })
  await payload.create({
    collection: 'packages',
    data: {
      card: 'Starter Session',
      onSale: true,
      sessions: 1,
      sessionMinutes: 60,
      validityDays: 90,
      agreement: agreement.id,
      intakeQuestions: [
        { question: 'What would you like to work on?', kind: 'long', required: true },
        {
          question: 'How did you hear about me?',
          kind: 'choice',
          required: false,
          choices: 'A friend\nA search engine\nA book\nSomewhere else',
        },
      ],
    },
    req,
  })
  await payload.updateGlobal({
    slug: 'payment-details',
    data: {
      accountHolder: 'Your Name',
      account: 'GB00 EXMP 0000 0000 0000 00',
      bank: 'Example Bank',
      referenceHint: 'Please write the reference on your transfer so I can match your payment.',
    },
    req,
  })
}
