'use client'

import { useEffect, useRef, useState } from 'react'

export const PLACEHOLDER_IMAGE = '/images/placeholder.svg'

/** A blog card's image; if it cannot be loaded, a placeholder image takes its place. */
export function BlogImage({ src, alt }: { src: string | null; alt: string }) {
  const [failed, setFailed] = useState(!src)
  const ref = useRef<HTMLImageElement>(null)

  // The image may fail before React attaches onError (it starts loading with the HTML).
  useEffect(() => {
    const img = ref.current
    if (img && img.complete && img.naturalWidth === 0) setFailed(true)
  }, [])

  return (
    <img
      ref={ref}
      className="card__image"
      src={failed ? PLACEHOLDER_IMAGE : (src ?? PLACEHOLDER_IMAGE)}
      alt={alt}
      width={640}
      height={400}
      loading="lazy"
      decoding="async"
      onError={() => setFailed(true)}
      data-fallback={failed ? 'true' : undefined}
    />
  )
}
