/** Said to assistive technology about a control drawn before it works (its script has not run yet). */
export const NOT_READY_TEXT = 'Loading…'

/** The id of the words that describe a control as not ready yet, from the control's own id-like name. */
export const notReadyId = (of: string) => `${of}-not-ready`

/**
 * The words "Loading…", hidden from sight, that a control drawn before its script runs is described by
 * (aria-describedby) while it is disabled. On public pages src/browser/dom.ts `ready` removes them.
 */
export function NotReadyNote({ id }: { id: string }) {
  return (
    <span id={id} hidden data-not-ready="">
      {NOT_READY_TEXT}
    </span>
  )
}
