const KEY = 'rackside.desk'

/**
 * This window's desk: the name its commands carry in the log, so its Undo takes back its own last
 * action (issue 13). Kept in sessionStorage, which belongs to one window or browser tab and
 * survives its reloads; where there is none (unit tests), every store is a desk of its own.
 */
export function deskId(): string {
  const storage = typeof sessionStorage === 'undefined' ? undefined : sessionStorage
  const kept = storage?.getItem(KEY)
  if (kept) return kept
  const made = crypto.randomUUID().slice(0, 8)
  storage?.setItem(KEY, made)
  return made
}

/** How the screens name a desk: short enough for a History row. */
export function deskLabel(desk: string | undefined): string {
  return desk === undefined ? 'an earlier session' : `desk ${desk.slice(0, 4)}`
}
