'use client'

import { useEffect, useRef, useState } from 'react'

/**
 * The text of a box (an input or a textarea the server draws) as React state, starting at `initial`. What a
 * person typed into the box before the page's script took it over (hydration, slow on a phone) stays in the
 * box, and React keeps it there but does not see it: read once, when the script has taken over, it becomes
 * the state, so a search narrows by it and a save sends it. Give the box `ref` and `value={text}`.
 */
export function useTypedText(initial: string) {
  const ref = useRef<HTMLInputElement & HTMLTextAreaElement>(null)
  const [text, setText] = useState(initial)
  useEffect(() => {
    const typed = ref.current?.value
    if (typed !== undefined) setText(typed)
  }, [])
  return { ref, text, setText }
}
