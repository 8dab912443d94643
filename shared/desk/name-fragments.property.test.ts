/**
 * Across the desk's screens (issue 20: `brien` recorded a result for O’Brien on the result line
 * but paired Brienne in typed pairings): for the same name fragment the result line, typed
 * pairings and the search that check-in and the standings filter use pick the same player, the
 * one `closestByName` (shared/tournament/names.ts) picks; where it finds several, the two lines
 * refuse and the search lists exactly those first.
 */
import fc from 'fast-check'
import { describe, expect, test } from 'vitest'
import type { Command, PairingSpec } from '../tournament/commands'
import { closestByName } from '../tournament/names'
import { searchPlayers } from '../tournament/search'
import { applyAll, create, register } from '../tournament/test-support/event'
import { parseTypedPairings } from './manual-pairing'
import { parseResultLine } from './result-line'

/** Name parts that look alike once folded: accents, ß, Ø, Æ, Ł, apostrophes, hyphens. */
const PARTS = [
  'O’Brien',
  'Brienne',
  'Ann',
  'Joanne',
  'Annika',
  'Lee',
  'Strauß',
  'Strauss',
  'Østby',
  'Ostby',
  'Æsa',
  'Łukasz',
  'Lukasz',
  'Mary-Jane',
  'Jane',
  'Zoë',
  'Zoe',
  "d'Arc",
  'Darcy',
  'Smith',
  'Smithers',
]

/** Words the lines read as keywords, not names: a fragment is never one of them. */
const KEYWORDS = new Set(['v', 'vs', 'versus', 'bye', 'ot', 'first', 'late', 'forfeit', 'declare'])

/** A division of 4–12 distinct names, all paired in round 1 (even, so nobody has a bye). */
const field = fc
  .uniqueArray(
    fc
      .tuple(fc.constantFrom(...PARTS), fc.constantFrom(...PARTS))
      .map(([last, first]) => `${last}, ${first}`),
    { minLength: 4, maxLength: 12 },
  )
  .map((names) => names.slice(0, names.length - (names.length % 2)))

/** A fragment as a director types it: part of a word of someone's name, any case, or `#n`. */
const fragment = (names: readonly string[]) =>
  fc
    .record({
      who: fc.nat(names.length - 1),
      word: fc.nat(3),
      from: fc.nat(4),
      length: fc.integer({ min: 2, max: 8 }),
      upper: fc.boolean(),
      number: fc.boolean(),
    })
    .map(({ who, word, from, length, upper, number }) => {
      if (number) return `#${who + 1}`
      const words = (names[who] ?? '').split(/[\s,]+/).filter(Boolean)
      const w = words[word % words.length] ?? ''
      const start = Math.min(from, Math.max(0, w.length - 2))
      const piece = w.slice(start, start + length)
      return upper ? piece.toUpperCase() : piece.toLowerCase()
    })
    .filter((f) => f.length > 0 && !/^\d+$/.test(f) && !KEYWORDS.has(f.toLowerCase()))

function event(names: readonly string[]) {
  const pairings: PairingSpec[] = []
  for (let i = 0; i + 1 < names.length; i += 2) {
    pairings.push({ kind: 'game', table: i / 2 + 1, players: [i + 1, i + 2] })
  }
  const commands: Command[] = [
    create('nsa1995', 3),
    { type: 'addDivision', name: 'A' },
    ...names.map((name) => register(name)),
    { type: 'pairRound', division: 'A', round: 1, pairings },
  ]
  return applyAll(commands)
}

describe('one name fragment, one player on every screen (issue 20)', () => {
  test('property: result line, typed pairings and search pick what closestByName picks', () => {
    fc.assert(
      fc.property(
        field.chain((names) => fc.tuple(fc.constant(names), fragment(names))),
        ([names, typed]) => {
          const state = event(names)
          const division = state.divisions[0]
          if (division === undefined) throw new Error('division A')
          const players = division.players
          const closest = closestByName(typed, players).map((p) => p.id)

          const line = parseResultLine(`forfeit ${typed}`, { state, division: 'A', round: 1 })
          const lineLoser =
            line.ok && line.value.result.kind === 'forfeit' ? line.value.result.loser : null
          const typedPairing = parseTypedPairings(`bye ${typed}`, division, 2)
          const typedBye = typedPairing.ok ? typedPairing.value.byes[0] : null
          const searched = searchPlayers(players, typed).map((p) => p.id)

          if (closest.length === 1) {
            expect([lineLoser, typedBye, searched[0]]).toEqual([closest[0], closest[0], closest[0]])
          } else {
            // Nobody, or several: both lines refuse; the search lists the tied players first.
            expect([line.ok, typedPairing.ok]).toEqual([false, false])
            expect(searched.slice(0, closest.length)).toEqual(closest)
          }
        },
      ),
      { numRuns: 400 },
    )
  })

  test.each([
    ['brien', 'O’Brien, Ann', 'issue 20: the whole word O’Brien, not Brienne'],
    ['strauss', 'Strauß, Lee', 'ß folds to ss'],
    ['ostby', 'Østby, Jane', 'Ø folds to o'],
    ['lukasz', 'Łukasz, Zoë', 'Ł folds to l'],
  ])('%s picks %s on every screen (%s)', (typed, name) => {
    const names = [
      'Brienne, Joanne',
      'O’Brien, Ann',
      'Strauß, Lee',
      'Østby, Jane',
      'Łukasz, Zoë',
      'Smith, Ann',
    ]
    const state = event(names)
    const division = state.divisions[0]!
    const id = names.indexOf(name) + 1
    const line = parseResultLine(`forfeit ${typed}`, { state, division: 'A', round: 1 })
    const typedPairing = parseTypedPairings(`bye ${typed}`, division, 2)
    expect(line.ok && line.value.result.kind === 'forfeit' && line.value.result.loser).toBe(id)
    expect(typedPairing.ok && typedPairing.value.byes).toEqual([id])
    expect(searchPlayers(division.players, typed)[0]?.id).toBe(id)
  })
})
