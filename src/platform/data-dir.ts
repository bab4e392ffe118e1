import path from 'node:path'

/** Where the embedded database, uploads and the generated secret live. Never committed. */
export const dataDir = (): string =>
  path.resolve(/*turbopackIgnore: true*/ process.env.DATA_DIR ?? path.join(process.cwd(), 'data'))
