'use client'

import Link from 'next/link'
import { useId } from 'react'

import { useEntered } from '@/components/useEntered'

export type PeopleListRow = { key: string; email: string; name: string | null; holds: string; lastContact: string }

/**
 * The People list with its search box: narrows as the coach types, by address or name, in the page itself
 * (no address goes into the screen's URL), counting what was typed before the page's script took over. One
 * entry per person, on one or two lines at any width.
 */
export function PeopleList({ people }: { people: PeopleListRow[] }) {
  const { ref, value: search, setValue: setSearch } = useEntered('')
  const id = useId()
  const wanted = search.trim().toLowerCase()
  const shown = wanted
    ? people.filter((p) => p.email.includes(wanted) || (p.name ?? '').toLowerCase().includes(wanted))
    : people
  return (
    <>
      <p style={{ margin: '0 0 1rem' }}>
        <label htmlFor={id} style={{ display: 'block', marginBottom: '0.25rem' }}>
          Search by e-mail address or name
        </label>
        <input
          ref={ref}
          id={id}
          type="search"
          value={search}
          onChange={(e) => setSearch(e.target.value)}
          autoComplete="off"
          style={{ width: '100%', maxWidth: '30rem', padding: '0.5rem', font: 'inherit' }}
        />
      </p>
      <p role="status" style={{ margin: '0 0 0.5rem' }}>
        {shown.length === 1 ? '1 person' : `${shown.length} people`}
        {wanted && ` matching “${search.trim()}”`}
      </p>
      {shown.length > 0 && (
        <ul aria-label="People" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
          {shown.map((p) => (
            <li
              key={p.key}
              data-person={p.email}
              style={{
                padding: '0.75rem 0',
                borderTop: '1px solid var(--theme-elevation-150)',
                overflowWrap: 'anywhere',
              }}
            >
              <Link href={`/admin/people/${p.key}`} style={{ fontWeight: 600 }}>
                {p.name ?? p.email}
              </Link>
              {p.name && <span> · {p.email}</span>}
              <br />
              <span style={{ color: 'var(--theme-elevation-650)' }}>
                {p.holds} · last contact {p.lastContact}
              </span>
            </li>
          ))}
        </ul>
      )}
    </>
  )
}
