/**
 * Payload's error classes take `req.t` (a translation function) where this server's take a message: a function
 * given as the message is asked for the class's translation key, as Payload's constructors do.
 */
export type MessageOrT = string | ((key: string) => string) | undefined

export function messageOf(given: MessageOrT, key: string, english: string): string {
  if (typeof given === 'function') return given(key)
  return given ?? english
}
