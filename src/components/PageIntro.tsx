import type { ReactNode } from 'react'

/** The top of every inner page: its one h1 and a short introduction. */
export function PageIntro({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <section className="page-intro">
      <div className="container container--narrow">
        <h1>{title}</h1>
        {children}
      </div>
    </section>
  )
}
