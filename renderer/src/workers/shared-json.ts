/**
 * `JSON.stringify` for a state that shares most of itself with the last one written (issue 33).
 * A tournament state is readonly plain data and each command returns a new state that keeps every
 * part it did not change (the other rounds, the players): the text of each part down to
 * `SHARED_DEPTH` is kept by the object's identity, so writing the state after a publish or a
 * result writes one round again, not the 6 MB of a 2000-player × 20-round event (220 ms of the
 * page's thread on a loaded machine, once for each request to the pairing worker).
 */

/** state → divisions → a division → its rounds → a round: the parts a command replaces whole. */
const SHARED_DEPTH = 4

const written = new WeakMap<object, string>()

/** What JSON.stringify writes for `value`: undefined where it writes nothing (a function). */
function write(value: unknown, depth: number): string | undefined {
  if (typeof value !== 'object' || value === null) return JSON.stringify(value)
  const known = written.get(value)
  if (known !== undefined) return known
  const text =
    depth >= SHARED_DEPTH || 'toJSON' in value
      ? JSON.stringify(value)
      : Array.isArray(value)
        ? // Array.from visits a hole too, which JSON writes as null.
          `[${Array.from(value, (item: unknown) => write(item, depth + 1) ?? 'null').join(',')}]`
        : `{${Object.entries(value)
            .flatMap(([key, item]) => {
              const part = write(item, depth + 1)
              return part === undefined ? [] : [`${JSON.stringify(key)}:${part}`]
            })
            .join(',')}}`
  written.set(value, text)
  return text
}

/**
 * The same text as `JSON.stringify(value)` for readonly plain data, reusing what was written for
 * the parts it shares with a value written before. Never for data that changes in place.
 */
export function sharedJson(value: object): string {
  const text = write(value, 0)
  if (text === undefined) throw new Error('sharedJson: a value JSON writes nothing for')
  return text
}
