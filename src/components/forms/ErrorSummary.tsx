import { fieldId } from './FormField'

/** A field the summary can name: its control's `name`, its name in the summary, and where the link goes. */
export type SummaryField = { name: string; label: string; href: string }

/**
 * A form's fields for the summary, in the order of `labels` (the summary's names for them), each linking to the
 * control with the id `<idPrefix>-<name>`, or to the place `hrefs` gives it.
 */
export const summaryFields = <F extends string>(
  labels: Partial<Record<F, string>>,
  idPrefix: string,
  hrefs: Partial<Record<F, string>> = {},
): SummaryField[] =>
  (Object.entries(labels) as [F, string][]).map(([name, label]) => ({
    name,
    label,
    href: hrefs[name] ?? `#${fieldId(idPrefix, name)}`,
  }))

/**
 * What went wrong with a post, above the form: the message, then a link to each faulty field ("Email: Please
 * enter a valid email address."). The page that comes back from a post without JavaScript has `autofocus` on
 * it, so people learn at once what to fix. The same markup follows as a <template>, with an item for every
 * field: src/browser/forms.ts fills a copy of it after an attempt in place (keeping the items of the faulty
 * fields) and gives it focus.
 */
export function ErrorSummary({
  message,
  fields,
  errors,
  headingLevel = 3,
}: {
  message: string | null
  fields: readonly SummaryField[]
  errors: Partial<Record<string, string>>
  /** The level of its heading: one below the heading the form sits under (the booking form's is the page's h1). */
  headingLevel?: 2 | 3
}) {
  const faulty = fields.filter((f) => errors[f.name])
  return (
    <>
      {message && (
        <Summary
          message={message}
          items={faulty.map((f) => ({ href: f.href, text: `${f.label}: ${errors[f.name]}` }))}
          headingLevel={headingLevel}
          autoFocus
        />
      )}
      <template data-error-summary="">
        <Summary
          items={fields.map((f) => ({ href: f.href, text: `${f.label}: `, field: f.name }))}
          headingLevel={headingLevel}
        />
      </template>
    </>
  )
}

function Summary({
  message,
  items,
  headingLevel,
  autoFocus,
}: {
  message?: string
  items: { href: string; text: string; field?: string }[]
  headingLevel: 2 | 3
  autoFocus?: boolean
}) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3'
  return (
    <div className="error-summary" tabIndex={-1} role="alert" autoFocus={autoFocus}>
      <Heading className="error-summary__title">{message}</Heading>
      {items.length > 0 && (
        <ul>
          {items.map((item) => (
            <li key={item.href} data-field={item.field}>
              <a href={item.href}>{item.text}</a>
            </li>
          ))}
        </ul>
      )}
    </div>
  )
}
