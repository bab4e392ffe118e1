/**
 * Slot labels for the page, built from Intl's parts so the server (Node) and the browser write exactly the
 * same text (their ICU versions differ in spaces, e.g. a narrow no-break space before "AM").
 */
const formatters = new Map<string, Intl.DateTimeFormat>()

/** Making a formatter costs far more than using one: one per zone and kind, made once. */
function formatter(timeZone: string, kind: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${timeZone}|${kind}`
  let f = formatters.get(key)
  if (!f) formatters.set(key, (f = new Intl.DateTimeFormat('en-US', { ...options, timeZone })))
  return f
}

/** The parts of an instant in a zone, by a formatter made once per zone and `kind` (its options). */
export const parts = (d: Date, timeZone: string, kind: string, options: Intl.DateTimeFormatOptions) =>
  Object.fromEntries(
    formatter(timeZone, kind, options)
      .formatToParts(d)
      .map((p) => [p.type, p.value]),
  ) as Record<Intl.DateTimeFormatPartTypes, string>

/** "10:00 AM" */
export const timeLabel = (d: Date, timeZone: string): string => {
  const p = parts(d, timeZone, 'time', { hour: 'numeric', minute: '2-digit', hour12: true })
  return `${p.hour}:${p.minute} ${p.dayPeriod}`
}

/** "Tuesday, December 1" */
export const dayLabel = (d: Date, timeZone: string): string => {
  const p = parts(d, timeZone, 'day', { weekday: 'long', month: 'long', day: 'numeric' })
  return `${p.weekday}, ${p.month} ${p.day}`
}

/** "2026-12-01": the calendar day of an instant in a zone, for grouping. */
export const dayKey = (d: Date, timeZone: string): string => {
  const p = parts(d, timeZone, 'key', { year: 'numeric', month: '2-digit', day: '2-digit' })
  return `${p.year}-${p.month}-${p.day}`
}

type Labels = { time: (d: Date) => string; day: (d: Date) => string; key: (d: Date) => string }

const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday']
const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
]
const two = (n: number) => String(n).padStart(2, '0')

/**
 * The same three labels in the zone the machine itself is in, from Date's local fields: the browser writes
 * the times in its visitor's own zone without Intl, whose first formatter costs a phone tens of milliseconds
 * (Intl's English text is what these write; see format.test.ts).
 */
const hostZoneLabels: Labels = {
  time: (d) => `${d.getHours() % 12 || 12}:${two(d.getMinutes())} ${d.getHours() < 12 ? 'AM' : 'PM'}`,
  day: (d) => `${WEEKDAYS[d.getDay()]}, ${MONTHS[d.getMonth()]} ${d.getDate()}`,
  key: (d) => `${d.getFullYear()}-${two(d.getMonth() + 1)}-${two(d.getDate())}`,
}

const zoneLabels = (timeZone: string): Labels => ({
  time: (d) => timeLabel(d, timeZone),
  day: (d) => dayLabel(d, timeZone),
  key: (d) => dayKey(d, timeZone),
})

/**
 * Slot starts (ISO) grouped by their day in `timeZone`, in order; `'host'` is the zone of the machine that
 * runs this (the visitor's browser).
 */
export function slotsByDay(
  slots: string[],
  timeZone: string | 'host',
): { key: string; label: string; slots: { iso: string; label: string }[] }[] {
  const labels = timeZone === 'host' ? hostZoneLabels : zoneLabels(timeZone)
  const days = new Map<string, { key: string; label: string; slots: { iso: string; label: string }[] }>()
  for (const iso of slots) {
    const d = new Date(iso)
    const key = labels.key(d)
    let day = days.get(key)
    if (!day) days.set(key, (day = { key, label: labels.day(d), slots: [] }))
    day.slots.push({ iso, label: labels.time(d) })
  }
  return [...days.values()]
}
