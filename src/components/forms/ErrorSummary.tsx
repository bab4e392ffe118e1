/**
 * What went wrong with a post, above the form: the message, then a link to each faulty field. The page that
 * comes back from a post without JavaScript has `autofocus` on it, so people learn at once what to fix; in
 * place, src/browser/forms.ts renders the same markup and gives it focus after every attempt.
 */
export function ErrorSummary({ message, items }: { message: string | null; items: { href: string; text: string }[] }) {
  if (!message) return null
  return (
    <div className="error-summary" tabIndex={-1} role="alert" autoFocus>
      <h3>{message}</h3>
      {items.length > 0 && (
        <ul>
          {items.map((item) => (
            <li key={item.href}>
              <a href={item.href}>{item.text}</a>
            </li>
          ))}
        </ul>
      )}
    </div>
  )
}
