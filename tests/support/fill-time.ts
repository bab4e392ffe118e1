import { MIN_FILL_MS } from '@/platform/forms/rules'

/**
 * The site refuses a form sent less than MIN_FILL_MS after the page's script took the form over (a spam guard:
 * src/browser/forms.ts sends that moment along with the form, src/platform/forms/guard.ts checks it). Call
 * this once the page has loaded: its script (deferred) ran before that, so the moment was earlier than now.
 * Answers a function to call once the form is filled in, which waits for whatever is left of that time:
 * nothing at all when filling it in took longer. There is nothing else to wait for: the guard counts time.
 */
export function fillTimeFromNow(): () => Promise<void> {
  const loaded = Date.now()
  return async () => {
    const left = loaded + MIN_FILL_MS - Date.now()
    if (left > 0) await new Promise((resolve) => setTimeout(resolve, left))
  }
}
