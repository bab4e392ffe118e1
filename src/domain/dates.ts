/**
 * A workshop's date as the coach means it. Dates are stored in UTC; the site shows them in the coach's
 * time zone (COACH_TIME_ZONE, default UTC) with the zone named, so no visitor misreads the hour.
 */
export function formatEventDate(iso: string, timeZone = process.env.COACH_TIME_ZONE || 'UTC'): string {
  return new Intl.DateTimeFormat('en-US', {
    weekday: 'long',
    year: 'numeric',
    month: 'long',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    timeZone,
    timeZoneName: 'short',
  }).format(new Date(iso))
}
