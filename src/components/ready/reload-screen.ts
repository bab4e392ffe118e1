/** What the screen says while it is loaded again. */
export const RELOADING_TEXT = 'Loading the screen again…'

/**
 * Loads the admin's screen again (after a change that the form around it must show, e.g. a call moved).
 * The old screen stays up until the browser has the new one, and a press on it meanwhile would be lost with
 * it: so everything on it is made inert (no press, no typing, no focus), dimmed, and a notice says why.
 */
export function reloadScreen(): void {
  for (const part of document.body.children) {
    if (!(part instanceof HTMLElement)) continue
    part.inert = true
    part.style.opacity = '0.6'
  }
  const notice = document.createElement('p')
  notice.setAttribute('role', 'status')
  notice.id = 'screen-reloading'
  notice.textContent = RELOADING_TEXT
  Object.assign(notice.style, {
    position: 'fixed',
    top: '1rem',
    left: '50%',
    transform: 'translateX(-50%)',
    zIndex: '1000',
    margin: '0',
    padding: '0.75rem 1rem',
    background: 'var(--theme-elevation-0, #fff)',
    color: 'var(--theme-text, #000)',
    border: '1px solid var(--theme-elevation-400, #777)',
    borderRadius: '4px',
    cursor: 'progress',
  })
  document.body.append(notice)
  document.body.style.cursor = 'progress'
  window.location.reload()
}
