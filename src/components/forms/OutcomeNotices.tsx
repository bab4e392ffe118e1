/** The text a code from a page's address names; own keys only (`?done=__proto__` names none). */
export const textFor = (texts: Record<string, string>, code?: string): string | undefined =>
  code && Object.hasOwn(texts, code) ? texts[code] : undefined

/**
 * What a page posted to without JavaScript says when it comes back: what was done (`?done=<code>`), announced
 * politely, and what went wrong (`?problem=<code>`), at once; each in the words the page's texts give its code.
 */
export function OutcomeNotices({
  done,
  problem,
  doneId,
}: {
  done?: string
  problem?: string
  /** The id of the done notice, for a page that points at it. */
  doneId?: string
}) {
  return (
    <>
      {done && (
        <p id={doneId} className="form-notice" role="status">
          {done}
        </p>
      )}
      {problem && (
        <p className="error-summary" role="alert">
          {problem}
        </p>
      )}
    </>
  )
}
