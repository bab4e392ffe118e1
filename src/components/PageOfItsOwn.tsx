import type { ReactNode } from 'react'

/**
 * A page that is one section under its h1 heading (which also names the section for screen readers), its
 * text kept to reading width: the private pages (a call's, a registration's, a checkout) and a form's page.
 */
export function PageOfItsOwn({ id, heading, children }: { id: string; heading: ReactNode; children: ReactNode }) {
  return (
    <section className="section" aria-labelledby={id}>
      <div className="container container--narrow">
        <h1 id={id}>{heading}</h1>
        {children}
      </div>
    </section>
  )
}

/**
 * What a private page says when its link finds nothing (old, incomplete, or what it named was deleted):
 * where the right link is, when there is one, and where to go instead (`children`).
 */
export function LinkNotValid({
  id,
  whereTheLinkIs,
  children,
}: {
  id: string
  /** "The link to your call is in the mail that confirmed it." */
  whereTheLinkIs?: string
  children: ReactNode
}) {
  return (
    <PageOfItsOwn id={id} heading="This link is not valid">
      <p className="lead">
        {whereTheLinkIs ? `It may be old or incomplete. ${whereTheLinkIs}` : 'It may be old or incomplete.'}
      </p>
      <p>{children}</p>
    </PageOfItsOwn>
  )
}
