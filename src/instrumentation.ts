/** Runs once when the server starts; the Node.js part lives in its own module (Next's documented pattern). */
export async function register(): Promise<void> {
  if (process.env.NEXT_RUNTIME === 'nodejs') await import('./instrumentation-node')
}
