/**
 * The business constants (prices, discovery-call length, notice periods, reply time, impact figures), each
 * defined once here; pages, metadata and seed content show them from here.
 */
export const PRICING = [
  {
    name: 'Starter Session',
    price: 150,
    rhythm: 'One-off session, 60 minutes',
    features: ['A focused 60-minute session', 'Clarity on your next step', 'Follow-up notes by e-mail'],
  },
  {
    name: '3-Month Program',
    price: 1200,
    rhythm: 'Bi-weekly sessions',
    features: ['Six 60-minute sessions', 'A personal growth plan', 'E-mail support between sessions'],
  },
  {
    name: '6-Month Program',
    price: 2200,
    rhythm: 'Weekly sessions',
    features: ['Weekly 60-minute sessions', 'Deep work on goals and habits', 'Priority e-mail support'],
  },
] as const

export const DISCOVERY_CALL = { price: 'Free', minutes: 30 } as const
export const RESCHEDULE_NOTICE_HOURS = 24
export const WORKSHOP_CANCELLATION_HOURS = 48
export const CONTACT_REPLY_TIME = '2-3 business days'
export const IMPACT = [
  { figure: '500+', label: 'clients coached' },
  { figure: '10', label: 'years of experience' },
  { figure: '20+', label: 'workshops hosted' },
] as const

export const formatPrice = (dollars: number): string => `$${dollars}`
