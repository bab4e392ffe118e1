import type { AdminViewServerProps, TypedUser } from 'payload'
import Link from 'next/link'
import { notFound } from 'next/navigation'

import { holdingsLine } from '@/domain/people'

import { ErasablePerson, ErasePerson } from './ErasePerson'
import { erasurePreview, readPerson } from './people'
import { PeopleFrame } from './PeopleView'
import { PersonNotesForm } from './PersonNotesForm'

const section = { margin: '1.5rem 0' } as const
const list = { margin: 0, paddingLeft: '1.25rem' } as const
const muted = { color: 'var(--theme-elevation-650)' } as const

/**
 * /admin/people/<key>: all the site holds about one person (./people.ts), what this user may read of it, with
 * the coach's notes about them; for admins, the download of it all and the erasure.
 */
export async function PersonView(props: AdminViewServerProps) {
  const { req } = props.initPageResult
  const key = String(props.params?.segments?.[1] ?? '')
  const user = req.user as TypedUser | null
  const person = user ? await readPerson(req.payload, user, key) : null
  if (user && !person) notFound()
  const isAdmin = user?.role === 'admin'
  const preview = person && isAdmin ? await erasurePreview(req.payload, person.email) : null
  return (
    <PeopleFrame {...props} here={`/admin/people/${key}`}>
      <p style={{ margin: '1.5rem 0 0' }}>
        <Link href="/admin/people">← People</Link>
      </p>
      {person && (
        <ErasablePerson>
          <article aria-labelledby="person-heading" data-person-page={person.email}>
            <h1 id="person-heading" style={{ margin: '0.5rem 0 0.25rem', overflowWrap: 'anywhere' }}>
              {person.name ?? person.email}
            </h1>
            <p style={{ ...muted, margin: 0, overflowWrap: 'anywhere' }}>
              {person.email} · times in {person.timeZone}
            </p>

            {person.messages && (
              <section aria-labelledby="person-messages" style={section}>
                <h2 id="person-messages">Messages ({person.messages.length})</h2>
                {person.messages.length === 0 ? (
                  <p>No messages.</p>
                ) : (
                  <ul style={list}>
                    {person.messages.map((m) => (
                      <li key={m.id} style={{ margin: '0.5rem 0', overflowWrap: 'anywhere' }}>
                        <Link href={m.href}>{m.when}</Link>
                        <br />
                        <span style={muted}>{m.excerpt}</span>
                      </li>
                    ))}
                  </ul>
                )}
              </section>
            )}

            {person.calls && (
              <section aria-labelledby="person-calls" style={section}>
                <h2 id="person-calls">Discovery calls ({person.calls.length})</h2>
                {person.calls.length === 0 ? (
                  <p>No calls.</p>
                ) : (
                  <ul style={list}>
                    {person.calls.map((c) => (
                      <li key={c.id} style={{ margin: '0.5rem 0' }}>
                        <Link href={c.href}>{c.when}</Link> · {c.status}
                      </li>
                    ))}
                  </ul>
                )}
              </section>
            )}

            {person.registrations && person.registrations.length > 0 && (
              <section aria-labelledby="person-workshops" style={section}>
                <h2 id="person-workshops">Workshops ({person.registrations.length})</h2>
                <ul style={list}>
                  {person.registrations.map((w) => (
                    <li key={w.id} style={{ margin: '0.5rem 0', overflowWrap: 'anywhere' }}>
                      <Link href={w.href}>{w.workshop}</Link>
                      {w.when && ` · ${w.when}`} · {w.status}
                    </li>
                  ))}
                </ul>
              </section>
            )}

            {person.purchases && person.purchases.length > 0 && (
              <section aria-labelledby="person-purchases" style={section}>
                <h2 id="person-purchases">Purchases ({person.purchases.length})</h2>
                <ul style={list}>
                  {person.purchases.map((p) => (
                    <li key={p.id} style={{ margin: '0.5rem 0', overflowWrap: 'anywhere' }} className="person-purchase">
                      <Link href={p.href}>
                        {p.packageTitle} ({p.reference})
                      </Link>{' '}
                      · {p.status} · paid {p.paid} by {p.method} · refunded {p.refunded}
                      <br />
                      <span style={muted}>Started {p.when}</span>
                      {p.agreement && (
                        <>
                          <br />
                          Agreement {p.agreement.version} accepted {p.agreement.at} by typing &ldquo;{p.agreement.name}
                          &rdquo;; SHA-256 <code>{p.agreement.hash}</code>
                        </>
                      )}
                      {p.intake.length > 0 && (
                        <dl style={{ margin: '0.25rem 0 0' }}>
                          {p.intake.map((a, i) => (
                            <div key={i}>
                              <dt style={{ fontWeight: 600 }}>{a.question}</dt>
                              <dd style={{ margin: '0 0 0.25rem' }}>{a.answer || '(no answer)'}</dd>
                            </div>
                          ))}
                        </dl>
                      )}
                    </li>
                  ))}
                </ul>
              </section>
            )}

            {person.credits && (
              <section aria-labelledby="person-credits" style={section}>
                <h2 id="person-credits">Session credits</h2>
                <p className="person-credits">
                  Bought {person.credits.bought} · used {person.credits.used} · booked {person.credits.booked} · left{' '}
                  {person.credits.left} · forfeited {person.credits.forfeited} · refunded {person.credits.refunded}
                </p>
              </section>
            )}

            {person.sessions && person.sessions.length > 0 && (
              <section aria-labelledby="person-sessions" style={section}>
                <h2 id="person-sessions">Coaching sessions ({person.sessions.length})</h2>
                <ul style={list}>
                  {person.sessions.map((c) => (
                    <li key={c.id} style={{ margin: '0.5rem 0' }}>
                      <Link href={c.href}>{c.when}</Link> · {c.packageTitle} · {c.status}
                    </li>
                  ))}
                </ul>
              </section>
            )}

            {person.subscriptionReadable && (
              <section aria-labelledby="person-newsletter" style={section}>
                <h2 id="person-newsletter">Newsletter</h2>
                {person.subscriber ? (
                  <p>
                    <Link href={person.subscriber.href}>{person.subscriber.status}</Link>
                    {person.subscriber.confirmedAt && ` · confirmed ${person.subscriber.confirmedAt}`}
                    {!person.subscriber.confirmedAt && person.subscriber.since && ` · asked ${person.subscriber.since}`}
                    {person.deliveries !== null &&
                      ` · ${person.deliveries === 1 ? '1 issue' : `${person.deliveries} issues`} sent to them`}
                    {person.subscriber.why && (
                      <>
                        <br />
                        {person.subscriber.why}
                      </>
                    )}
                  </p>
                ) : (
                  <p>Not a subscriber.</p>
                )}
              </section>
            )}

            <section aria-labelledby="person-notes" style={section}>
              <h2 id="person-notes">Your notes</h2>
              <PersonNotesForm email={person.email} note={person.note} />
            </section>

            <section aria-labelledby="person-data" style={section}>
              <h2 id="person-data">Their data</h2>
              {isAdmin && preview ? (
                <>
                  <p>
                    <a
                      href={`/cms-api/people/${person.key}/export.json`}
                      download
                      style={{ display: 'inline-block', minHeight: '24px', lineHeight: '24px' }}
                    >
                      Download all about this person (JSON)
                    </a>
                  </p>
                  <ErasePerson
                    personKey={person.key}
                    email={person.email}
                    preview={preview}
                    summary={holdingsLine({
                      messages: preview.messages,
                      calls: preview.calls,
                      workshops: preview.workshops,
                      purchases: preview.unpaidPurchases,
                      subscription: preview.subscriber ? 'subscription' : null,
                      notes: preview.notes > 0,
                    })}
                  />
                </>
              ) : (
                <p>An admin can download all about this person, or erase them on their request.</p>
              )}
            </section>
          </article>
        </ErasablePerson>
      )}
    </PeopleFrame>
  )
}
