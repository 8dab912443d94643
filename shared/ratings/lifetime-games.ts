/** tsh's `lifeg` when a `.t` line has none. */
export const DEFAULT_LIFETIME_GAMES = 100

/**
 * A `.t` line's lifetime games from its `lifeg` tag, as tsh reads it: the first value, 0 when it has
 * none or it is not a number; undefined without the tag (tsh then assumes 100).
 */
export function lifetimeGamesFromTags(
  tags: readonly { readonly name: string; readonly values: readonly string[] }[],
): number | undefined {
  const tag = tags.find((t) => t.name === 'lifeg')
  if (tag === undefined) return undefined
  const value = Number(tag.values[0] ?? '0')
  return Number.isFinite(value) ? value : 0
}
