/** Lengths of time in milliseconds, for clocks the tests move (`new Date(now.getTime() + 2 * HOUR)`). */
export const SECOND = 1000
export const MINUTE = 60 * SECOND
export const HOUR = 60 * MINUTE
export const DAY = 24 * HOUR
