/**
 * What a beforeAll starts (a server, a site), handed out before it has started: reading or setting a property
 * reaches the thing `current()` answers by then; `known` answers the properties that are ready at once.
 */
export function startedLater<T extends object>(current: () => T, known: Partial<T> = {}): T {
  return new Proxy({} as T, {
    get: (_, key) => (key in known ? Reflect.get(known, key) : Reflect.get(current(), key)),
    set: (_, key, value) => Reflect.set(current(), key, value),
  })
}
