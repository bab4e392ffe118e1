/** A CSV cell: quoted, with formulas neutralised so a spreadsheet never executes what a visitor typed. */
export const csvCell = (value: string): string =>
  `"${(/^[=+\-@\t\r]/.test(value) ? `'${value}` : value).replace(/"/g, '""')}"`

/** A value as one cell's text: nested values (rich text, lists, groups) as JSON, nothing as empty. */
const cellText = (value: unknown): string =>
  value === null || value === undefined ? '' : typeof value === 'object' ? JSON.stringify(value) : String(value)

/** A CSV file (RFC 4180, CRLF after every line): the header line as given, then one line of cells per row. */
export const csvFile = (header: string, rows: string[][]): string =>
  [header, ...rows.map((cells) => cells.map(csvCell).join(','))].map((line) => `${line}\r\n`).join('')

/** Rows as CSV, one column per key any row has, in the order they first appear. */
export function toCsv(rows: Record<string, unknown>[]): string {
  const columns = [...new Set(rows.flatMap((row) => Object.keys(row)))]
  return csvFile(
    columns.map(csvCell).join(','),
    rows.map((row) => columns.map((c) => cellText(row[c]))),
  )
}
