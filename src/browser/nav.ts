import { ready } from './dom'

/**
 * The header's Menu button (below 768 px the list is behind it): opens and closes the list, and Escape
 * closes it and gives focus back to the button. The server renders it closed and
 * disabled, as not ready (src/components/SiteNav.tsx), until this has run.
 */
export function enhanceNav(): void {
  for (const button of document.querySelectorAll<HTMLButtonElement>('button.site-nav__toggle')) {
    const list = document.getElementById(button.getAttribute('aria-controls') ?? '')
    if (!list) continue
    const setOpen = (open: boolean) => {
      button.setAttribute('aria-expanded', String(open))
      list.dataset.open = String(open)
    }
    button.addEventListener('click', () => setOpen(button.getAttribute('aria-expanded') !== 'true'))
    document.addEventListener('keydown', (event) => {
      if (event.key !== 'Escape' || button.getAttribute('aria-expanded') !== 'true') return
      setOpen(false)
      button.focus()
    })
    ready(button)
  }
}
