import { readFileSync } from 'node:fs'
import { describe, expect, test } from 'vitest'
import { apply, fold } from '../tournament/apply'
import type { Command } from '../tournament/commands'
import { playedResult } from '../results/game-result'
import { standingsAsOf } from '../tournament/views'
import { logOf } from '../tournament/test-support/event'
import type { TournamentState } from '../tournament/types'
import { shownThrough } from '../venue/live-pages'
import { TSH_EXPORT_COMMANDS } from './__fixtures__/tsh-export-event'
import { exportTDivision } from './t-export'
import { parseTFile, serializeTFile } from './t-file'
import type { TDivisionFile, TPlayerLine } from './t-file-types'
import { importedTState } from './test-support/imported-t'
import { randomEvent } from './test-support/random-event'
import {
  listDivisions,
  parseDivision,
  roundPairings,
  type FeedData,
} from './test-support/tsh-feed-reader'
import { decodeTFileBytes } from './text-codec'
import { tourneyFeed, tourneyJs, tshJavaScript, tshScalar } from './tourney-js'

const fixture = (name: string): string =>
  decodeTFileBytes(readFileSync(new URL(`./__fixtures__/${name}`, import.meta.url))).text

const parsedT = (text: string): TDivisionFile => {
  const file = parseTFile(text)
  if (!file.ok) throw new Error(file.error.message)
  return file.value
}

const foldAll = (commands: readonly Command[]): TournamentState => {
  const state = fold('t', logOf(commands))
  if (!state.ok || state.value === undefined) throw new Error('does not fold')
  return state.value
}

const applied = (state: TournamentState, command: Command): TournamentState => {
  const next = apply(state, command, 'director')
  if (!next.ok) throw new Error(next.error.message)
  return next.value
}

const tagNumbers = (line: TPlayerLine, name: string): number[] | undefined =>
  line.tags.find((t) => t.name === name)?.values.map(Number)

/** The JavaScript objects a browser overlay gets by evaluating the file (letsplayscrabble's way). */
function evaluated(js: string): {
  divisions: { name: unknown; players: unknown[]; maxr: number; maxrp: number }[]
} {
  return new Function(`return ${js.slice(js.indexOf('{'))}`)() as never
}

/**
 * Each player's pairings, scores, p12 and rating in the feed as the division's `.t` export carries
 * them, and every player read by the Go parser's rules (none skipped).
 */
function expectFeedMatchesT(js: string, state: TournamentState, division: string): FeedData {
  const t = exportTDivision(state, division)
  if (!t.ok) throw new Error(t.error.message)
  const feed = parseDivision(js, division)
  expect(feed.players).toHaveLength(t.value.players.length)
  for (const line of t.value.players) {
    const player = feed.players.find((p) => p.id === line.id)
    const whole = /^[-+]?\d+$/.test(line.ratingText.trim())
    expect(player, line.name).toMatchObject({
      name: line.name,
      rating: whole ? Number(line.ratingText) : (line.rating ?? 0),
      pairings: line.opponents,
      scores: line.scores,
    })
    const p12 = tagNumbers(line, 'p12')
    if (p12 !== undefined) expect(player?.p12, line.name).toEqual(p12)
    else expect(player?.p12).toEqual(line.opponents.map((o) => (o === 0 ? 0 : 4)))
  }
  return feed
}

describe('issue 31: tsh’s JavaScript::Serializable, as SaveJSON writes tourney.js', () => {
  test.each([
    [undefined, 'undefined'],
    [[undefined, 1, -50], '[undefined,1,-50]'],
    [{ b: 1, a: 'x', c: undefined }, '{"a":"x","b":1,"c":undefined}'],
    [{ name: 'O\'Brien, "K" \\ Müller' }, '{"name":"O\'Brien, \\"K\\" \\\\ Müller"}'],
    [{ etc: { p12: [1, 2], board: [3, 3] } }, '{"etc":{"board":[3,3],"p12":[1,2]}}'],
  ])('%j is written %s', (value, written) => {
    expect(tshJavaScript(value)).toBe(written)
  })

  test.each([
    ['1739', 1739],
    ['01500', 1500],
    ['-50', -50],
    ['-1.6234586', -1.6234586],
    ['.5', 0.5],
    ['AA003200', 'AA003200'],
    ['Airpop', 'Airpop'],
    ['1.', '1.'],
    ['12345678901234567890', '12345678901234567890'],
  ])('a tag value %s is written as %j (a number when it looks like one)', (text, value) => {
    expect(tshScalar(text)).toBe(value)
  })
})

describe('issue 31: the reading of tsh_parser.go gives what liwords’ own tests assert on its real feeds', () => {
  const test22 = fixture('liwords/test22-tourney.js.txt')
  const sample = fixture('liwords/sample-tourney.js.txt')

  test('test22-tourney.js (tsh_parser_test.go, TestTest22_*): one division B, 12 players, 22 rounds, round 11 current', () => {
    expect(listDivisions(test22)).toEqual(['B'])
    const fd = parseDivision(test22)
    expect(fd).toMatchObject({ divisionName: 'B', totalRounds: 22, currentRound: 11 })
    expect(fd.players).toHaveLength(12)
    const round11 = roundPairings(fd, 11) ?? []
    expect(round11.map((g) => g.table)).toEqual([1, 2, 3, 4, 5, 6])
    expect(round11.every((g) => g.finalized)).toBe(true)
    expect(round11[0]).toMatchObject({
      player1: 'Abbasi, Shan',
      player2: 'Thobani, Shafique',
      score1: 417,
      score2: 339,
    })
    expect(round11[1]).toMatchObject({ score1: 484, score2: 392 })
    expect(roundPairings(fd, 12)).toEqual([])
    expect(roundPairings(fd, 23)).toBeNull()
  })

  test('sample-tourney.js (TestSampleTourney_DivA_*): 18 players, 12 rounds, paired and not started', () => {
    const fd = parseDivision(sample, 'A')
    expect(fd).toMatchObject({ divisionName: 'A', totalRounds: 12, currentRound: 0 })
    expect(fd.players).toHaveLength(18)
    const round1 = roundPairings(fd, 1) ?? []
    expect(round1.map((g) => g.table)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9])
    expect(round1.some((g) => g.finalized)).toBe(false)
    expect(round1[0]).toMatchObject({
      player1: 'Daniel, Robin Pollock',
      player2: 'Przybyszewski, Mark',
    })
    expect(() => parseDivision(sample, 'Z')).toThrow(/not found/)
  })
})

describe('issue 31: our tourney.js has the shapes of real feeds tsh wrote', () => {
  type Obj = Record<string, unknown>
  const real = evaluated(fixture('liwords/test22-tourney.js.txt')) as unknown as Obj & {
    divisions: (Obj & { players: (Obj & { etc: Obj })[] })[]
  }
  const ours = evaluated(
    tourneyJs(importedTState(fixture('mgi-2022/a.t'), 12)),
  ) as unknown as typeof real
  const kinds = (o: Obj): Record<string, string> =>
    Object.fromEntries(
      Object.entries(o).map(([k, v]) => [k, Array.isArray(v) ? 'array' : typeof v]),
    )

  test('the file is `newt=` an object `;` and a line ending, as SaveJSON prints it', () => {
    const js = tourneyJs(importedTState(fixture('worked-example.t'), 3))
    expect(js).toMatch(
      /^newt=\{"config":\{.*\},"divisions":\[\{.*\}\],"esb":\{.*\},"profile":undefined\};\n$/s,
    )
    expect(js.slice(0, -1)).not.toContain('\n')
  })

  test('top level, division and player keys are tsh’s, with the same kinds of value', () => {
    expect(Object.keys(ours)).toEqual(Object.keys(real))
    const [realDivision] = real.divisions
    const [ourDivision] = ours.divisions
    if (realDivision === undefined || ourDivision === undefined) throw new Error('no division')
    expect(Object.keys(ourDivision)).toEqual(Object.keys(realDivision))
    expect(kinds({ ...ourDivision, classes: 0, rating_list: '' })).toEqual(
      kinds({ ...realDivision, classes: 0 }),
    )
    expect(ourDivision.players[0]).toBeUndefined()
    const realPlayer = realDivision.players[1]
    const ourPlayer = ourDivision.players[1]
    if (realPlayer === undefined || ourPlayer === undefined) throw new Error('no player')
    expect(Object.keys(ourPlayer)).toEqual(Object.keys(realPlayer))
    expect(kinds({ ...ourPlayer, photo: '' })).toEqual(kinds(realPlayer))
    for (const tag of ['board', 'p12', 'newr', 'rrank']) {
      expect(Array.isArray(ourPlayer.etc[tag]), tag).toBe(true)
      expect(Array.isArray(realPlayer.etc[tag]), tag).toBe(true)
    }
  })
})

describe('issue 31: every player’s scores, opponents, boards, p12 and rating as the event’s .t carries them', () => {
  test('mgi-2022 division A (60 players, 12 rounds, a real tsh file): the feed gives back a.t’s own numbers', () => {
    const text = fixture('mgi-2022/a.t')
    const state = importedTState(text, 12)
    const js = tourneyJs(state)
    const feed = expectFeedMatchesT(js, state, 'A')
    // …and those are the numbers of the file tsh wrote, boards included.
    for (const line of parsedT(text).players) {
      const player = feed.players.find((p) => p.id === line.id)
      expect(player, line.name).toMatchObject({
        rating: line.rating,
        pairings: line.opponents,
        scores: line.scores,
        boards: tagNumbers(line, 'board'),
        p12: tagNumbers(line, 'p12'),
      })
    }
    expect(feed).toMatchObject({ totalRounds: 12, currentRound: 12 })
    expect(roundPairings(feed, 12)?.filter((g) => g.finalized)).toHaveLength(30)
    const division = evaluated(js).divisions[0]
    expect(division).toMatchObject({ maxr: 11, maxrp: 11 })
  })

  test('a round paired but not yet played: under review it is not told; published, its pairings come before its scores', () => {
    const text = fixture('mgi-2022/a.t')
    const file = parsedT(text)
    // The real file with round 12 paired and no result in yet.
    const paired = serializeTFile({
      ...file,
      players: file.players.map((line) => ({ ...line, scores: line.scores.slice(0, 11) })),
    })
    const reviewing = importedTState(paired, 12)
    expect(reviewing.divisions[0]?.rounds[11]?.published).toBe(false)
    const hidden = parseDivision(tourneyJs(reviewing))
    expect(hidden.currentRound).toBe(11)
    expect(hidden.players.every((p) => p.pairings.length === 11)).toBe(true)

    const published = applied(reviewing, { type: 'publishRound', division: 'A', round: 12 })
    const js = tourneyJs(published)
    const feed = expectFeedMatchesT(js, published, 'A')
    expect(feed.currentRound).toBe(12)
    expect(feed.players.every((p) => p.pairings.length === 12 && p.scores.length === 11)).toBe(true)
    const round12 = roundPairings(feed, 12) ?? []
    expect(round12).toHaveLength(30)
    expect(round12.some((g) => g.finalized)).toBe(false)
    for (const line of file.players) {
      const player = feed.players.find((p) => p.id === line.id)
      expect(player?.boards[11], line.name).toBe(tagNumbers(line, 'board')?.[11])
      expect(player?.p12[11], line.name).toBe(tagNumbers(line, 'p12')?.[11])
    }
    expect(evaluated(js).divisions[0]).toMatchObject({ maxr: 11, maxrp: 10 })
  })

  test('formats.md’s worked example: byes (+50, opponent 0), forfeits (±50) and a withdrawal as tsh writes them', () => {
    const state = importedTState(fixture('worked-example.t'), 3)
    const feed = expectFeedMatchesT(tourneyJs(state), state, 'A')
    const byName = (name: string) => feed.players.find((p) => p.name === name)
    expect(byName('Bravo, Bob')).toMatchObject({ pairings: [1, 5, 0], scores: [380, 390, 50] })
    expect(byName('Charlie, Cy')).toMatchObject({ pairings: [4, 1, 0], scores: [410, 401, -50] })
    expect(byName('Delta, Di')).toMatchObject({ pairings: [3, 0, 0], scores: [402, 50, -50] })
    expect(byName('Echo, Ed')).toMatchObject({ pairings: [0, 2, 1], boards: [0, 2, 1] })
    expect(feed.currentRound).toBe(3)
  })

  test('a rating the .t keeps as text: Woogles’ unrated 1111111 as tsh writes it, 1500.5 as a whole number', () => {
    const text = [
      'Smith, Jane            1111111 2; 410',
      'Nguyen, Tom             1500.5 1; 390',
      'Okafor, Ada               01450 0; 50',
    ].join('\n')
    const state = importedTState(text, 2)
    const feed = expectFeedMatchesT(tourneyJs(state), state, 'A')
    expect(feed.players.map((p) => p.rating)).toEqual([1111111, 0, 1450])
  })

  test('two divisions, one with a name Latin-1 cannot hold: every division, each found by name', () => {
    const state = foldAll(TSH_EXPORT_COMMANDS)
    const js = tourneyJs(state)
    expect(listDivisions(js)).toEqual(['A', 'B'])
    expectFeedMatchesT(js, state, 'A')
    const b = expectFeedMatchesT(js, state, 'B')
    expect(b.players.map((p) => p.name)).toContain('Kowalski, Łukasz')
  })

  test.each(Array.from({ length: 12 }, (_, seed) => [seed]))(
    'random event %i (late entries, withdrawals, forfeits rated or not, unplayed games, penalties): the feed is the .t of the rounds shown, boards the games’ tables',
    (seed) => {
      const { state } = randomEvent(seed)
      const division = state.divisions[0]
      if (division === undefined) throw new Error('no division')
      const through = shownThrough(division)
      const shown: TournamentState = {
        ...state,
        divisions: [{ ...division, rounds: division.rounds.slice(0, through) }],
      }
      const js = tourneyJs(state)
      const feed = expectFeedMatchesT(js, shown, 'A')
      for (const player of feed.players) {
        expect(player.boards).toHaveLength(player.pairings.length)
        player.boards.forEach((board, k) => {
          const round = division.rounds[k]
          const game = round?.pairings.find(
            (p) => p.kind === 'game' && p.players.includes(player.id),
          )
          const table = game?.kind === 'game' && player.pairings[k] !== 0 ? game.table : 0
          expect(board).toBe(table)
        })
      }
    },
  )
})

describe('issue 31: the per-round ranks (etc.rrank) and the classes (division classes) tsh writes', () => {
  type FeedPlayer = { etc: Record<string, unknown>; id: number }
  type FeedDivision = { classes: unknown; maxrp: number; players: (FeedPlayer | undefined)[] }
  const divisionsOf = (js: string) => evaluated(js).divisions as unknown as FeedDivision[]
  const feedPlayers = (js: string, k = 0): FeedPlayer[] =>
    (divisionsOf(js)[k]?.players ?? []).filter((p): p is FeedPlayer => p !== undefined)
  /** The .t with a tag left out, so what the feed has is worked out by us, not copied back. */
  const without = (text: string, tag: string): string => {
    const file = parsedT(text)
    return serializeTFile({
      ...file,
      players: file.players.map((l) => ({ ...l, tags: l.tags.filter((t) => t.name !== tag) })),
    })
  }

  test('mgi-2022 division A, its rrank tags taken out: our standings give tsh’s own 780 ranks back (round 0 = by rating, then after each round)', () => {
    const text = fixture('mgi-2022/a.t')
    const js = tourneyJs(importedTState(without(text, 'rrank'), 12))
    const players = feedPlayers(js)
    const expected = parsedT(text).players.map((l) => ({ id: l.id, rrank: tagNumbers(l, 'rrank') }))
    expect(expected.every((e) => e.rrank?.length === 13)).toBe(true)
    expect(players.map((p) => ({ id: p.id, rrank: p.etc.rrank }))).toEqual(expected)
  })

  test('a round paired but not played: ranks through the last round played, as test22-tourney.js (maxrp 10, 12 ranks)', () => {
    const file = parsedT(without(fixture('mgi-2022/a.t'), 'rrank'))
    const paired = serializeTFile({
      ...file,
      players: file.players.map((line) => ({ ...line, scores: line.scores.slice(0, 11) })),
    })
    const state = applied(importedTState(paired, 12), {
      type: 'publishRound',
      division: 'A',
      round: 12,
    })
    const js = tourneyJs(state)
    expect(divisionsOf(js)[0]?.maxrp).toBe(10)
    const expected = parsedT(fixture('mgi-2022/a.t')).players.map((l) =>
      tagNumbers(l, 'rrank')?.slice(0, 12),
    )
    expect(feedPlayers(js).map((p) => p.etc.rrank)).toEqual(expected)
    // test22-tourney.js, written by tsh with round 11 played: as many ranks as rounds played + 1.
    const real = divisionsOf(fixture('liwords/test22-tourney.js.txt'))[0]
    expect(real?.players[1]?.etc.rrank).toHaveLength((real?.maxrp ?? 0) + 2)
  })

  test('an event made in Rackside (no tsh tags): every player has rrank, the first by rating as tsh’s seeds', () => {
    const state = foldAll(TSH_EXPORT_COMMANDS)
    const js = tourneyJs(state)
    divisionsOf(js).forEach((division, k) => {
      const seeds = (evaluated(js).divisions[k] as unknown as { seeds: number[] }).seeds
      const players = feedPlayers(js, k)
      expect(players.length).toBeGreaterThan(0)
      players.forEach((p, i) => {
        const rrank = p.etc.rrank as number[]
        expect(rrank).toHaveLength(division.maxrp + 2)
        expect(rrank[0]).toBe(seeds[i])
        expect(rrank.every((r) => Number.isInteger(r) && r >= 0)).toBe(true)
      })
    })
  })

  test('a result corrected in round 1 moves every later round’s ranks: the ranks kept are not stale', () => {
    const state = importedTState(without(fixture('mgi-2022/a.t'), 'rrank'), 12)
    tourneyJs(state)
    const round1 = state.divisions[0]?.rounds[0]
    const index = round1?.pairings.findIndex((p) => p.kind === 'game' && p.players.includes(1))
    const pairing = round1?.pairings[index ?? -1]
    if (pairing?.kind !== 'game') throw new Error('player 1 has no game in round 1')
    const result = playedResult(pairing.players, [100, 600], [0, 0], state.rules)
    if (!result.ok) throw new Error(result.error.message)
    const corrected = applied(state, {
      type: 'correctResult',
      division: 'A',
      round: 1,
      game: { table: pairing.table },
      result: result.value,
    })
    const expected = Array.from({ length: 12 }, (_, k) => {
      const rows = standingsAsOf(corrected, 'A', k + 1)
      if (!rows.ok) throw new Error(rows.error.message)
      return new Map(rows.value.map((row) => [row.player, row.rank]))
    })
    const players = feedPlayers(tourneyJs(corrected))
    expect(players.map((p) => (p.etc.rrank as number[]).slice(1))).toEqual(
      players.map((p) => expected.map((ranks) => ranks.get(p.id))),
    )
    expect(tourneyJs(corrected)).not.toBe(tourneyJs(state))
  })

  test('sample-tourney.js has no class: classes undefined; class tags give tsh’s count per class (TSH::Division::AddPlayer)', () => {
    const none = tourneyJs(importedTState(fixture('worked-example.t'), 3))
    expect(none).toContain('"classes":undefined')
    expect(fixture('liwords/sample-tourney.js.txt')).toContain('"classes":undefined')
    const text = [
      'Smith, Jane             1800 2; 410; class A',
      'Nguyen, Tom             1500 1; 390; class B',
      'Okafor, Ada             1450 0; 50; class B',
    ].join('\n')
    const js = tourneyJs(importedTState(text, 2))
    expect(divisionsOf(js)[0]?.classes).toEqual({ A: 1, B: 2 })
    expect(js).toContain('"classes":{"A":1,"B":2}')
    expect(feedPlayers(js).map((p) => p.etc.class)).toEqual([['A'], ['B'], ['B']])
  })
})

describe('issue 31: each division’s part is kept until the division changes', () => {
  test.each([[1], [4], [7]])(
    'random event %i, command by command: the feed is the one worked out afresh',
    (seed) => {
      const { commands } = randomEvent(seed)
      let state: TournamentState | undefined
      for (const command of [...commands, ...TSH_EXPORT_COMMANDS.slice(1)]) {
        const next = apply(state, command, 'director')
        if (!next.ok) continue
        state = next.value
        expect(tourneyJs(state)).toBe(`newt=${tshJavaScript(tourneyFeed(state))};\n`)
      }
    },
  )
})
