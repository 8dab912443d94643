import { describe, expect, test } from 'vitest'
import { parseTFile, serializeTFile } from '../../formats/t-file'
import type { TDivisionFile, TPlayerLine } from '../../formats/t-file-types'
import { seededRng } from '../../random'
import { PRESETS } from '../../rules/presets'
import { PRESET_IDS } from '../../rules/rule-set'
import { decideStarter } from '../../starts/starts'
import { defaultContention } from '../../tournament/pairing-rules'
import { tFileHistory } from '../from-t-file'
import { favouriteWins, generateEvent, type GenerateOptions } from './generate'
import { planRound } from './plan-round'
import { FINDING_CODES, verifyEvent, type Finding } from './verify'

const generated = (options: Partial<GenerateOptions> & { seed: number }): TDivisionFile => {
  const event = generateEvent({
    players: 9,
    rounds: 7,
    preset: 'nsa1995',
    ratingSpread: 600,
    ...options,
  })
  if (!event.ok) throw new Error(event.error.message)
  return event.value.file
}

const verify = (file: TDivisionFile) =>
  verifyEvent(file, { preset: 'nsa1995', plan: null, seed: 0 })

const faults = (file: TDivisionFile): Finding[] => verify(file).findings.filter((f) => f.fault)

/** The file's round `round`, as the engine reads it. */
const roundOf = (file: TDivisionFile, round: number) => {
  const played = tFileHistory(file, round + 1).rounds.find((r) => r.round === round)
  if (played === undefined) throw new Error(`no round ${String(round)}`)
  return played
}

/** `file` with round `round` of the given players rewritten: opponent, own score, p12. */
function reseat(
  file: TDivisionFile,
  round: number,
  seats: ReadonlyMap<number, { opponent: number; score?: number; p12: string }>,
): TDivisionFile {
  const at = round - 1
  return {
    ...file,
    players: file.players.map((line): TPlayerLine => {
      const seat = seats.get(line.id)
      if (seat === undefined) return line
      const with_ = <T>(list: readonly T[], value: T) => list.map((v, i) => (i === at ? value : v))
      return {
        ...line,
        opponents: with_(line.opponents, seat.opponent),
        scores: seat.score === undefined ? line.scores : with_(line.scores, seat.score),
        tags: line.tags.map((t) =>
          t.name === 'p12' ? { ...t, values: with_(t.values, seat.p12) } : t,
        ),
      }
    }),
  }
}

describe('rackside generate: an event paired by our own plan (issue 29)', () => {
  test('the same options give the same file, another seed another', () => {
    const a = serializeTFile(generated({ seed: 7 }))
    expect(serializeTFile(generated({ seed: 7 }))).toBe(a)
    expect(serializeTFile(generated({ seed: 8 }))).not.toBe(a)
  })

  test('the file reads back as the same division (the existing reader and writer)', () => {
    const event = generateEvent({
      seed: 3,
      players: 12,
      rounds: 6,
      preset: 'msa',
      ratingSpread: 400,
    })
    if (!event.ok) throw new Error(event.error.message)
    const read = parseTFile(event.value.text)
    expect(read.ok && serializeTFile(read.value)).toBe(event.value.text)
    expect(event.value.text.split('\n')[0]).toBe(
      '# rackside generate --seed 3 --players 12 --rounds 6 --preset msa --spread 400',
    )
  })

  test('late entries sit out their first rounds, forfeits are written in the rackside tag', () => {
    const file = generated({ seed: 1, players: 9, rounds: 6, forfeits: 10, lateEntries: 2 })
    const tag = (line: TPlayerLine) => line.tags.find((t) => t.name === 'rackside')?.values ?? []
    const late = file.players.filter((line) => tag(line).some((v) => /^from=[23]$/.test(v)))
    expect(late).toHaveLength(2)
    for (const line of late) {
      expect(line.opponents[0]).toBe(0)
      expect(tag(line)).toContain('r1=un:0')
    }
    expect(
      file.players.flatMap(tag).filter((v) => /^r\d+=fw:\d+:50:no-show:0$/.test(v)).length,
    ).toBeGreaterThan(0)
    expect(faults(file)).toEqual([])
  })

  test('issue 29: withdrawals are written as tsh writes them (off 0, no opponent after) and verify clean round by round', () => {
    const file = generated({ seed: 3, players: 12, rounds: 8, withdrawals: 3 })
    const leavers = file.players.filter((line) => line.tags.some((t) => t.name === 'off'))
    expect(leavers).toHaveLength(3)
    for (const line of leavers) {
      expect(line.tags.find((t) => t.name === 'off')?.values).toEqual(['0'])
      const left = line.opponents.findLastIndex((o) => o !== 0) + 1
      // Played before leaving, nothing after: what formats.md's `off` reads back.
      expect(left).toBeGreaterThan(0)
      expect(left).toBeLessThan(8)
      expect(line.scores.slice(left)).toEqual(Array.from({ length: 8 - left }, () => 0))
    }
    // Paired in the rounds before they left: verify must see them in the field then.
    expect(verify(file).findings).toEqual([])
  })

  test.each([
    [0, 0.5],
    [10, 0.563],
    [200, 0.62],
    [400, 0.68],
    [-900, 0.68],
  ])('a rating gap of %i: the favourite wins with %f', (gap, p) => {
    expect(favouriteWins(gap)).toBeCloseTo(p, 3)
  })

  test('over 20 events the higher-rated player wins 56–68 % of the games', () => {
    let games = 0
    let favourites = 0
    for (let seed = 1; seed <= 20; seed++) {
      const file = generated({ seed, players: 10, rounds: 5 })
      const rating = new Map(file.players.map((p) => [p.id, p.rating ?? 0]))
      const score = (id: number, r: number) => file.players[id - 1]?.scores[r - 1] ?? 0
      for (let r = 1; r <= 5; r++) {
        for (const [a, b] of roundOf(file, r).pairs) {
          if ((rating.get(a) ?? 0) === (rating.get(b) ?? 0) || score(a, r) === score(b, r)) continue
          const higher = (rating.get(a) ?? 0) > (rating.get(b) ?? 0) ? a : b
          const other = higher === a ? b : a
          games += 1
          if (score(higher, r) > score(other, r)) favourites += 1
        }
      }
    }
    expect(games).toBeGreaterThan(400)
    expect(favourites / games).toBeGreaterThan(0.53)
    expect(favourites / games).toBeLessThan(0.71)
  })

  test.each([
    [{ players: 1 }, 'conformance.generate.players'],
    [{ rounds: 0 }, 'conformance.generate.rounds'],
    [{ ratingSpread: -5 }, 'conformance.generate.spread'],
    [{ forfeits: 51 }, 'conformance.generate.forfeits'],
    [{ lateEntries: 5 }, 'conformance.generate.late'],
    [{ withdrawals: 5 }, 'conformance.generate.withdrawals'],
  ])('%o is refused with %s', (options, code) => {
    const event = generateEvent({
      seed: 1,
      players: 8,
      rounds: 4,
      preset: 'nsa1995',
      ratingSpread: 600,
      ...options,
    })
    expect(event.ok ? null : event.error.code).toBe(code)
  })
})

describe('rackside verify flags what breaks the rules or the plan (issue 29)', () => {
  test('a planted repeat in the last round: flagged with its round and both players', () => {
    const file = generated({ seed: 11, players: 10, rounds: 6 })
    const last = 6
    const before = tFileHistory(file, last).rounds
    const met = (x: number, y: number) =>
      before.some((r) => r.pairs.some(([a, b]) => (a === x && b === y) || (a === y && b === x)))
    const pairs = roundOf(file, last).pairs
    // Two tables whose players swap partners so one new pair met before.
    let planted: { a: number; b: number; c: number; d: number } | null = null
    for (const [a, b] of pairs) {
      for (const [c, d] of pairs) {
        if (planted === null && a !== c && met(a, c)) planted = { a, b, c, d }
      }
    }
    if (planted === null) throw new Error('no repeat to plant')
    const { a, b, c, d } = planted
    const bad = reseat(
      file,
      last,
      new Map([
        [a, { opponent: c, p12: '1' }],
        [c, { opponent: a, p12: '2' }],
        [b, { opponent: d, p12: '1' }],
        [d, { opponent: b, p12: '2' }],
      ]),
    )
    expect(faults(file)).toEqual([])
    expect(faults(bad)).toContainEqual(
      expect.objectContaining({
        code: 'verify.repeat.avoidable',
        round: last,
        players: [Math.min(a, c), Math.max(a, c)],
      }),
    )
  })

  test('a planted wrong bye: a player who had one already gets the last round’s (rules.md, byes)', () => {
    const file = generated({ seed: 4, players: 9, rounds: 7 })
    const last = 7
    const [given] = roundOf(file, last).byes
    if (given === undefined) throw new Error('no bye')
    const earlier = tFileHistory(file, last).rounds
    const twice = earlier.flatMap((r) => r.byes)[0]
    const partner = roundOf(file, last).pairs.find(([x, y]) => x === twice || y === twice)
    if (twice === undefined || partner === undefined) throw new Error('no earlier bye')
    const opponent = partner[0] === twice ? partner[1] : partner[0]
    const bad = reseat(
      file,
      last,
      new Map([
        [twice, { opponent: 0, score: 50, p12: '0' }],
        [given, { opponent, score: 400, p12: '1' }],
        [opponent, { opponent: given, p12: '2' }],
      ]),
    )
    expect(faults(file)).toEqual([])
    expect(faults(bad)).toContainEqual(
      expect.objectContaining({
        code: 'verify.bye.more-byes',
        round: last,
        players: [twice, given],
      }),
    )
  })

  test('a planted bye over a lower-ranked player with as few byes: flagged, naming both', () => {
    const file = generated({ seed: 4, players: 9, rounds: 7 })
    const last = 7
    const [given] = roundOf(file, last).byes
    const planned = planRound(file, {
      round: last,
      rounds: last,
      preset: 'nsa1995',
      plan: null,
      seed: 0,
    })
    if (given === undefined || !planned.ok) throw new Error('no bye')
    const byes = new Set(tFileHistory(file, last).rounds.flatMap((r) => r.byes))
    // The top of the standings among those who have not had a bye.
    const top = [...planned.value.input.players]
      .filter((p) => !byes.has(p.id) && p.id !== given)
      .sort((x, y) => x.rank - y.rank)[0]
    const partner = roundOf(file, last).pairs.find(([x, y]) => x === top?.id || y === top?.id)
    if (top === undefined || partner === undefined) throw new Error('no one to give it to')
    const opponent = partner[0] === top.id ? partner[1] : partner[0]
    const bad = reseat(
      file,
      last,
      new Map([
        [top.id, { opponent: 0, score: 50, p12: '0' }],
        [given, { opponent, score: 400, p12: '1' }],
        [opponent, { opponent: given, p12: '2' }],
      ]),
    )
    expect(faults(bad)).toContainEqual(
      expect.objectContaining({
        code: 'verify.bye.not-lowest',
        round: last,
        players: [top.id, given],
      }),
    )
  })

  test('a planted wrong starter where fewer firsts decides (NSA II.F.1): flagged with the round and both players', () => {
    const file = generated({ seed: 21, players: 10, rounds: 6 })
    const round = 4
    const planned = planRound(file, { round, rounds: 6, preset: 'nsa1995', plan: null, seed: 0 })
    if (!planned.ok) throw new Error(planned.error.message)
    const history = planned.value.input.starts.history ?? []
    const decided = roundOf(file, round).pairs.find(
      ([a, b]) => decideStarter(a, b, history, PRESETS.nsa1995).reason.kind === 'fewer-firsts',
    )
    if (decided === undefined) throw new Error('no table decided by fewer firsts')
    const [a, b] = decided
    const starter = decideStarter(a, b, history, PRESETS.nsa1995).starter
    const other = starter === a ? b : a
    const bad = reseat(
      file,
      round,
      new Map([
        [other, { opponent: starter ?? 0, p12: '1' }],
        [starter ?? 0, { opponent: other, p12: '2' }],
      ]),
    )
    expect(faults(file)).toEqual([])
    expect(faults(bad)).toContainEqual(
      expect.objectContaining({ code: 'verify.starter.wrong', round, players: [other, starter] }),
    )
    expect(faults(bad).find((f) => f.code === 'verify.starter.wrong')?.message).toMatch(
      /^Round 4: .* went first against .*; .* starts: fewer firsts \(\d+ vs \d+\)/,
    )
  })

  test('a clinched leader paired with a contender where the event gibsonizes: flagged, not without Gibson', () => {
    const file = generated({ seed: 1, players: 10, rounds: 8, ratingSpread: 1000 })
    const gibson = { ...defaultContention(8), gibson: true }
    const found = verifyEvent(file, { preset: 'nsa1995', plan: null, seed: 0, contention: gibson })
    expect(found.findings.filter((f) => f.fault)).toEqual([
      expect.objectContaining({ code: 'verify.gibson.contender', round: 8, players: [9, 4] }),
    ])
    expect(found.findings.find((f) => f.fault)?.message).toBe(
      'Round 8: Irwin, Ivan (#9) has clinched 1st place (Gibsonized) but plays Dunn, Dev (#4), who can still finish in a paying place',
    )
    expect(faults(file)).toEqual([])
  })

  test('a draw for first is never wrong: under WSC 2003 equal firsts are the program’s draw', () => {
    const file = generated({ seed: 5, players: 8, rounds: 5, preset: 'wsc2003' })
    const first = roundOf(file, 1).pairs[0]
    if (first === undefined) throw new Error('no table')
    const [a, b] = first
    const flipped = file.players.find((p) => p.id === a)?.tags[0]?.values[0] === '1'
    const bad = reseat(
      file,
      1,
      new Map([
        [a, { opponent: b, p12: flipped ? '2' : '1' }],
        [b, { opponent: a, p12: flipped ? '1' : '2' }],
      ]),
    )
    const found = verifyEvent(bad, { preset: 'wsc2003', plan: null, seed: 0 }).findings
    expect(found.filter((f) => f.round === 1 && f.code === 'verify.starter.wrong')).toEqual([])
  })

  test('issue 29: in the last round the leader kept from the players who can catch him: a note naming the round and the players', () => {
    const file = generated({ seed: 6, players: 12, rounds: 8 })
    const last = roundOf(file, 8)
    const planned = planRound(file, { round: 8, rounds: 8, preset: 'nsa1995', plan: null, seed: 0 })
    if (!planned.ok) throw new Error(planned.error.message)
    const leader = planned.value.input.players.find((p) => p.rank === 1)?.id ?? 0
    const table = last.pairs.find(([a, b]) => a === leader || b === leader) ?? [0, 0]
    const catcher = table[0] === leader ? table[1] : table[0]
    // The bottom table's players, 3 or more wins behind with one game left, cannot catch him.
    const [z, w] = last.pairs.at(-1) ?? [0, 0]
    const seat = (id: number, opponent: number) => {
      const line = file.players[id - 1]
      return [
        id,
        { opponent, p12: line?.tags.find((t) => t.name === 'p12')?.values[7] ?? '0' },
      ] as const
    }
    const planted = reseat(
      file,
      8,
      new Map([seat(leader, z), seat(z, leader), seat(catcher, w), seat(w, catcher)]),
    )
    expect(verify(file).findings).toEqual([])
    const notes = verify(planted).findings.filter(
      (f) => f.code === 'verify.contenders.leader-apart',
    )
    expect(notes.map((f) => [f.round, f.players, f.fault])).toEqual([
      [8, [leader, z, catcher], false],
    ])
    expect(notes[0]?.message).toMatch(
      /^Round 8: .* leads with 1 game to play and \d+ players? can still catch them, but plays .*, who cannot; our plan pairs them with /,
    )
  })

  test('every finding code is a stable code of the list', () => {
    expect(new Set(FINDING_CODES).size).toBe(FINDING_CODES.length)
  })

  // 300 events, 6–40 players × 5–15 rounds, run in `npm run bench` (electron/bench/conformance.ts):
  // about a minute and a half on a quiet machine. Here a varied 24 of them.
  test('24 generated events (6–40 players, 5–15 rounds, every preset, forfeits, late entries, withdrawals) verify clean', () => {
    const rng = seededRng(29)
    for (let seed = 1; seed <= 24; seed++) {
      const players = 6 + rng.int(35)
      const rounds = 5 + rng.int(11)
      const preset = PRESET_IDS[seed % 5] ?? 'nsa1995'
      const forfeits = seed % 3 === 0 ? 8 : 0
      const lateEntries = seed % 4 === 0 ? 2 : 0
      const withdrawals = seed % 3 === 1 ? 1 + (seed % 2) : 0
      const file = generated({ seed, players, rounds, preset, forfeits, lateEntries, withdrawals })
      const report = verifyEvent(file, { preset, plan: null, seed })
      expect({ seed, players, rounds, findings: report.findings }).toEqual({
        seed,
        players,
        rounds,
        findings: [],
      })
    }
  })
})
