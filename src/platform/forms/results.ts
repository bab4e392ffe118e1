/** What a form post comes to, for the page (server action) and for the HTTP API alike. */
export type FormResult<Field extends string = string> =
  | { status: 'ok'; message: string; redirectTo?: string }
  | { status: 'invalid'; message: string; errors: Partial<Record<Field, string>>; values: Record<string, string> }
  | { status: 'rate-limited'; message: string; values: Record<string, string> }
  | { status: 'unavailable'; message: string; values: Record<string, string> }
  /** Valid, but the state of things does not allow it (e.g. the time was just taken). */
  | { status: 'conflict'; message: string; values: Record<string, string> }

export const httpStatus = (result: FormResult): number =>
  ({ ok: 200, invalid: 422, 'rate-limited': 429, unavailable: 503, conflict: 409 })[result.status]

/** Only text fields a form knows are kept (to show them again); never anything else the client sent. */
export function keptValues(raw: Record<string, unknown>, fields: readonly string[]): Record<string, string> {
  const out: Record<string, string> = {}
  for (const f of fields) {
    const v = raw[f]
    if (typeof v === 'string') out[f] = v.slice(0, 6000)
  }
  return out
}
