/** True for an absolute http(s) address: what every external link the coach enters must be. */
export function isWebAddress(value: string): boolean {
  try {
    const url = new URL(value)
    return url.protocol === 'https:' || url.protocol === 'http:'
  } catch {
    return false
  }
}
