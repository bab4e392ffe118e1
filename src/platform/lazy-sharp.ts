import { createRequire } from 'node:module'

import type { Config } from 'payload'

type SharpDependency = NonNullable<Config['sharp']>

let sharp: SharpDependency | undefined

/**
 * Payload's image work (reading an upload's size, resizing, cropping) calls sharp, which brings libvips with
 * it: about 22 MB resident, measured on this machine, in a process whose budget at idle is 250 MB (decision
 * record 043). Most days nobody uploads an image, so sharp loads at the first call, not at start. Payload only
 * ever calls it as a function, which is all this stands in for.
 */
export const lazySharp: SharpDependency = (input, options) => {
  sharp ??= createRequire(import.meta.url)('sharp') as SharpDependency
  return sharp(input, options)
}
