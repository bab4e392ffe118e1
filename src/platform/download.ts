/** A file the browser saves instead of showing it, under `filename`; never kept by a cache (it holds people's data). */
export const attachment = (body: string, type: string, filename: string): Response =>
  new Response(body, {
    headers: {
      'Content-Type': `${type}; charset=utf-8`,
      'Content-Disposition': `attachment; filename="${filename}"`,
      'Cache-Control': 'no-store',
    },
  })

/** The day a download's name carries, as YYYY-MM-DD in UTC. */
export const fileDate = (now = new Date()): string => now.toISOString().slice(0, 10)

/** An export as a JSON file to download: when it was made (`exportedAt`), then `data`, indented for reading. */
export const jsonExport = (data: object, filename: string, now = new Date()): Response =>
  attachment(JSON.stringify({ exportedAt: now.toISOString(), ...data }, null, 2), 'application/json', filename)
