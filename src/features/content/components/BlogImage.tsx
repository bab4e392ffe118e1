import { PLACEHOLDER_IMAGE } from '../placeholder'

/**
 * A blog card's image; without one, the placeholder. If it cannot be loaded, src/browser/images.ts puts
 * the placeholder in its place.
 */
export function BlogImage({ src, alt }: { src: string | null; alt: string }) {
  return (
    <img
      className="card__image"
      src={src ?? PLACEHOLDER_IMAGE}
      alt={alt}
      width={640}
      height={400}
      loading="lazy"
      decoding="async"
      data-fallback={src ? undefined : 'true'}
    />
  )
}
