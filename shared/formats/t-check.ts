/**
 * Consistency checks on a `.t` file that read without errors (formats.md, "tsh `.t`"): a pairing
 * must be listed by both players, a paired game has both scores or neither, and `p12` agrees on who
 * went first. tsh itself trusts the file; Rackside checks it before replaying results from it.
 */
import type { FormatProblem } from './problem'
import type { TDivisionFile, TPlayerLine } from './t-file-types'

/** Scores outside this range are typing mistakes, not Scrabble games (forfeits are at most ±100s). */
export const SANE_SCORE_MIN = -1000
export const SANE_SCORE_MAX = 1500

/** `p12` values (formats.md): 0 no game, 1 went first, 2 went second, 3 must draw, 4 unknown. */
const P12_VALUES = ['0', '1', '2', '3', '4'] as const

const who = (p: TPlayerLine): string => `${p.name} (#${String(p.id)})`

const tagValues = (p: TPlayerLine, name: string): readonly string[] | undefined =>
  p.tags.find((t) => t.name === name)?.values

const normalName = (name: string): string => name.trim().replace(/\s+/g, ' ').toLowerCase()

export function checkTFile(file: TDivisionFile): readonly FormatProblem[] {
  const problems: FormatProblem[] = []
  const byId = new Map(file.players.map((p) => [p.id, p]))
  const maxId = file.players.reduce((m, p) => Math.max(m, p.id), 0)
  const add = (
    p: TPlayerLine,
    code: string,
    message: string,
    severity: FormatProblem['severity'] = 'error',
  ): void => {
    problems.push({ line: p.line, code, message, severity })
  }

  const seenNames = new Map<string, TPlayerLine>()
  for (const p of file.players) {
    const key = normalName(p.name)
    const earlier = seenNames.get(key)
    if (earlier === undefined) seenNames.set(key, p)
    else {
      add(
        p,
        'tfile.name.duplicate',
        `${who(p)} has the same name as #${String(earlier.id)}`,
        'warning',
      )
    }

    const p12 = tagValues(p, 'p12')
    p.opponents.forEach((o, index) => {
      const round = index + 1
      const r = `round ${String(round)}`
      if (o === 0) return
      if (o === p.id) {
        add(p, 'tfile.opponent.self', `${r}: ${who(p)} is paired with themselves`)
        return
      }
      const q = byId.get(o)
      if (o > maxId || q === undefined) {
        add(
          p,
          'tfile.opponent.out-of-range',
          `${r}: ${who(p)} lists opponent #${String(o)}, but there is no player #${String(o)}`,
        )
        return
      }
      const back = q.opponents[index]
      if (back !== p.id) {
        add(
          p,
          'tfile.opponent.asymmetric',
          `${r}: ${who(p)} lists opponent #${String(o)} but #${String(o)} ` +
            (back === undefined
              ? `has no ${r}`
              : `lists ${back === 0 ? 'no opponent' : `#${String(back)}`} in ${r}`),
        )
        return
      }
      if (p.id > q.id) return // each pair once, from the lower id
      const pScored = index < p.scores.length
      const qScored = index < q.scores.length
      if (pScored !== qScored) {
        const [has, lacks] = pScored ? [p, q] : [q, p]
        add(
          lacks,
          'tfile.score.one-sided',
          `${r}: ${who(has)} has a score against ${who(lacks)}, who has none`,
        )
      }
      const a = p12?.[index]
      const b = tagValues(q, 'p12')?.[index]
      if (a !== undefined && b !== undefined && !p12Agree(a, b)) {
        add(
          p,
          'tfile.p12.inconsistent',
          `${r}: p12 says ${who(p)} ${p12Words(a)} and ${who(q)} ${p12Words(b)}`,
        )
      }
    })

    if (p.scores.length > p.opponents.length) {
      add(
        p,
        'tfile.score.unpaired',
        `${who(p)} has ${String(p.scores.length)} scores but only ${String(p.opponents.length)} rounds of opponents`,
      )
    }
    p.scores.forEach((s, index) => {
      if (s < SANE_SCORE_MIN || s > SANE_SCORE_MAX) {
        add(
          p,
          'tfile.score.out-of-range',
          `round ${String(index + 1)}: ${who(p)} score ${String(s)} is outside ${String(SANE_SCORE_MIN)}..${String(SANE_SCORE_MAX)}`,
        )
      }
    })

    if (p12 !== undefined) {
      p12.forEach((v, index) => {
        if (!(P12_VALUES as readonly string[]).includes(v)) {
          add(
            p,
            'tfile.p12.value',
            `round ${String(index + 1)}: ${who(p)} p12 "${v}" is not 0, 1, 2, 3 or 4`,
          )
        }
      })
    }
    // rrank starts with the rank before round 1, so it may hold one more value than there are rounds.
    const lengthLimits: readonly (readonly [string, number])[] = [
      ['p12', p.opponents.length],
      ['board', p.opponents.length],
      ['rrank', p.opponents.length + 1],
    ]
    for (const [tag, limit] of lengthLimits) {
      const values = tagValues(p, tag)
      if (values !== undefined && values.length > limit) {
        add(
          p,
          'tfile.tag.length',
          `${who(p)} ${tag} has ${String(values.length)} values for ${String(p.opponents.length)} rounds`,
          'warning',
        )
      }
    }
  }
  return problems.sort((x, y) => x.line - y.line)
}

const firstOrSecond = (v: string): boolean => v === '1' || v === '2'

/** Exactly one went first; 3 (must draw) and 4 (unknown) agree with anything (formats.md). */
function p12Agree(a: string, b: string): boolean {
  if (firstOrSecond(a) && firstOrSecond(b)) return a !== b
  if (firstOrSecond(a)) return b !== '0'
  if (firstOrSecond(b)) return a !== '0'
  return true
}

function p12Words(v: string): string {
  switch (v) {
    case '1':
      return 'went first'
    case '2':
      return 'went second'
    case '0':
      return 'had no game'
    case '3':
      return 'had to draw for first'
    case '4':
      return 'has an unknown start'
  }
  return `has "${v}"`
}
