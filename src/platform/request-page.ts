import { connection } from 'next/server'

/** What Next hands a page of the site whose address has one part of its own (`[token]`, `[slug]`). */
export type PageProps<Part extends string> = {
  params: Promise<Record<Part, string>>
  searchParams: Promise<Record<string, string | string[] | undefined>>
}

/**
 * A page rendered whole for each request (a private page, or one whose figures change by the minute; it
 * must work without JavaScript): its address's own part, and its query's values by name (a name given twice,
 * or not at all, reads as none).
 */
export async function pageOfRequest<Part extends string>(
  { params, searchParams }: PageProps<Part>,
  part: Part,
): Promise<{ part: string; query: (name: string) => string | undefined }> {
  await connection()
  const [parts, query] = await Promise.all([params, searchParams])
  return { part: parts[part], query: (name) => (typeof query[name] === 'string' ? query[name] : undefined) }
}
