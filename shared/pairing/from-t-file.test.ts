import { describe, expect, test } from 'vitest'
import { parseTFile } from '../formats/t-file'
import { pairingInputFromTFile } from './from-t-file'
import { pairRound } from './pair-round'
import { STARTS } from './test-support/simulate'

// Round 1: Ann beat Cy, Bob beat Di, Ed had the bye (+50). Round 2: Ann v Bob, Cy v Ed, Di
// forfeited (-50) and withdrew. Round 3 is paired (Ann v Ed, Bob v Cy) without scores.
const FILE = [
  'Alpha, Ann   1850 3 2 5; 420 410; p12 1 2',
  'Bravo, Bob   1790 4 1 3; 400 380; p12 2 1',
  'Charlie, Cy  1700 1 5 2; 380 350; p12 2 1',
  'Delta, Di    1650 2 0; 350 -50; p12 1 0; off -50',
  'Echo, Ed     1600 0 3 1; 50 400; p12 0 2',
].join('\n')

describe('pairing input from a tsh .t file (formats.md)', () => {
  const parsed = parseTFile(`${FILE}\n`)
  if (!parsed.ok) throw new Error(parsed.error.message)
  const file = parsed.value

  test('standings, byes and forfeits, starts and activity as of the round paired on', () => {
    const built = pairingInputFromTFile(file, {
      round: 4,
      basedOn: 2,
      system: 'swiss',
      starts: STARTS,
    })
    if (!built.ok) throw new Error(built.error.message)
    expect(
      built.value.players.map((p) => [
        p.id,
        p.wins,
        p.losses,
        p.active,
        p.byes,
        p.firsts,
        p.seconds,
      ]),
    ).toEqual([
      [1, 2, 0, true, 0, 1, 1],
      [2, 1, 1, true, 0, 1, 1],
      [3, 0, 2, true, 0, 1, 1],
      // Di withdrew: dropped from the file's standings (design.md, "Standings") and left out.
      // Rounds 2 (forfeit, opponent 0) and 3 (withdrawn) are two rounds without an opponent, as
      // tsh's CountByes counts them.
      [4, 0, 0, false, 2, 1, 0],
      [5, 2, 0, true, 1, 0, 1],
    ])
    // Round 3 has no scores yet, but its pairings are meetings.
    expect(built.value.history.map((r) => [r.round, r.pairs, r.byes])).toEqual([
      [
        1,
        [
          [1, 3],
          [2, 4],
        ],
        [5],
      ],
      [
        2,
        [
          [1, 2],
          [3, 5],
        ],
        [],
      ],
      [
        3,
        [
          [1, 5],
          [2, 3],
        ],
        [],
      ],
    ])
  })

  // Di's `off -50` and her trailing round at opponent 0 scored -50 say she left from round 2
  // (formats.md, `off`; as t-import reads it): round 1 was paired with her in the field.
  test.each([
    [1, 0, true],
    [2, 1, false],
    [4, 2, false],
  ])(
    'issue 29: a withdrawal counts from its round, not for the whole file: round %i (on round %i) has Di active: %s',
    (round, basedOn, active) => {
      const built = pairingInputFromTFile(file, { round, basedOn, system: 'swiss', starts: STARTS })
      if (!built.ok) throw new Error(built.error.message)
      expect(built.value.players.find((p) => p.id === 4)?.active).toBe(active)
    },
  )

  test('round 1 ranks by rating; a round without results cannot be the basis', () => {
    const first = pairingInputFromTFile(file, {
      round: 1,
      basedOn: 0,
      system: 'rating',
      starts: STARTS,
    })
    expect(first.ok ? first.value.players.map((p) => p.rank) : []).toEqual([1, 2, 3, 4, 5])
    const none = pairingInputFromTFile(file, {
      round: 4,
      basedOn: 3,
      system: 'swiss',
      starts: STARTS,
    })
    expect(none.ok ? '' : none.error.code).toBe('pairing.tfile.no-standings')
  })
})

// Round 1: Ann beat Bob by 20, Cy beat Di by 100, Ed had the bye. Fay and Gil entered late: tsh
// writes their missed round 1 as opponent 0, score 0 (the `rackside` tag: they enter in round 2).
const LATE = [
  'Alpha, Ann   1850 2; 420',
  'Bravo, Bob   1790 1; 400',
  'Charlie, Cy  1700 4; 400',
  'Delta, Di    1650 3; 300',
  'Echo, Ed     1600 0; 50',
  'Fox, Fay     1500 0; 0; rackside from=2',
  'Golf, Gil    1400 0; 0; rackside from=2',
].join('\n')

describe("byes from a .t as tsh's CountByes counts them (issue 18)", () => {
  const parsed = parseTFile(`${LATE}\n`)
  if (!parsed.ok) throw new Error(parsed.error.message)
  const built = pairingInputFromTFile(parsed.value, {
    round: 2,
    basedOn: 1,
    system: 'swiss',
    starts: STARTS,
  })
  if (!built.ok) throw new Error(built.error.message)
  const byes = new Map(built.value.players.map((p) => [p.id, p.byes]))

  test.each([
    ['tsh CountByes: a game', 1, 0],
    ['tsh CountByes: a bye (opponent 0, +50)', 5, 1],
    ["tsh CountByes: a late entry's missed round (opponent 0, score 0)", 6, 1],
  ])('%s: player %i has %i', (_rule, player, count) => {
    expect(byes.get(player)).toBe(count)
  })

  test('the bye of round 2 goes to Di, the lowest-ranked who had an opponent, not to Fay or Gil', () => {
    const paired = pairRound(built.value)
    expect(paired.ok ? paired.value.byes.map((b) => b.player) : []).toEqual([4])
  })
})
