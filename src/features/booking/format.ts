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

const parts = (d: Date, timeZone: string, kind: string, options: Intl.DateTimeFormatOptions) =>
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

/** Slot starts (ISO) grouped by their day in `timeZone`, in order. */
export function slotsByDay(
  slots: string[],
  timeZone: string,
): { key: string; label: string; slots: { iso: string; label: string }[] }[] {
  const days = new Map<string, { key: string; label: string; slots: { iso: string; label: string }[] }>()
  for (const iso of slots) {
    const d = new Date(iso)
    const key = dayKey(d, timeZone)
    let day = days.get(key)
    if (!day) days.set(key, (day = { key, label: dayLabel(d, timeZone), slots: [] }))
    day.slots.push({ iso, label: timeLabel(d, timeZone) })
  }
  return [...days.values()]
}
