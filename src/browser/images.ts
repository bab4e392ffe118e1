import { PLACEHOLDER_IMAGE } from '@/features/content/placeholder'

/** A blog card's image that cannot be loaded gives way to the placeholder (src/features/content/components/BlogImage.tsx). */
export function enhanceImages(): void {
  for (const img of document.querySelectorAll<HTMLImageElement>('img.card__image')) {
    const fallBack = () => {
      if (img.dataset.fallback === 'true') return
      img.dataset.fallback = 'true'
      img.src = PLACEHOLDER_IMAGE
    }
    if (img.complete && img.naturalWidth === 0 && img.getAttribute('src')) fallBack()
    else img.addEventListener('error', fallBack, { once: true })
  }
}
