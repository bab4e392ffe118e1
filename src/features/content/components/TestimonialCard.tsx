/** One quote with the name of who said it: a client's testimonial or a reader's words about a book. */
export function TestimonialCard({ quote, author }: { quote: string; author: string }) {
  return (
    <li className="card testimonial">
      <figure>
        <blockquote>
          <p>{quote}</p>
        </blockquote>
        <figcaption>{author}</figcaption>
      </figure>
    </li>
  )
}
