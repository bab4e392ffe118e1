import type http from 'node:http'

/**
 * A stage of an answer on its way out: it wraps some of the response's methods (write, end, writeHead,
 * setHeader) to look at or change what passes through them. `false` (a stage that does not apply) is left out.
 */
export type ResponseStage = ((req: http.IncomingMessage, res: http.ServerResponse) => void) | false

/**
 * Puts the stages on the response in the order listed, from the app's side to the socket's: what the app
 * writes passes through the first stage first and the last one last. (A wrapper put on later is called
 * earlier, so they are put on in reverse.)
 */
export function throughStages(req: http.IncomingMessage, res: http.ServerResponse, stages: ResponseStage[]): void {
  for (const stage of [...stages].reverse()) if (stage) stage(req, res)
}
