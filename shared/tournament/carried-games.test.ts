/*
 * Issue 32: a player moved after round 2 with his games carried from A to B. Every reader of a
 * player's games reads the carried rounds: his history, his scorecard, the phones' player page,
 * his starts, his rating estimate and the division's .t (re-imported to the same standings).
 */
import { describe, expect, test } from 'vitest'
import { apply } from './apply'
import type { Command } from './commands'
import { applyAll, ID, standingsLine } from './test-support/event'
import { twoRounds } from './test-support/two-divisions'
import { playerHistory, standingsAsOf, startTalliesAsOf } from './views'
import { opponentNumber, opponentWords, playerRounds } from '../reports/player-rounds'
import { scorecards } from '../reports/scorecards'
import { renderPlayerPage } from '../venue/player-page'
import { deskPairingInput } from '../desk/pairing-input'
import { divisionRatingEstimates } from '../ratings/division-ratings'
import { estimateRatings, type RatedGame } from '../ratings/estimate'
import { DEFAULT_LIFETIME_GAMES } from '../ratings/lifetime-games'
import { exportTDivision } from '../formats/t-export'
import { readTFile, serializeTFile } from '../formats/t-file'
import { importTDivision } from '../formats/t-import'
import { standingsByRoundFromTFile } from '../standings/from-t-file'
import type { TournamentState } from './types'

/** Bob went first in both his games in A: round 1 against Ann, round 2 against Cy. */
const withFirsts: readonly Command[] = twoRounds.map((command) =>
  command.type === 'recordResult' &&
  command.division === 'A' &&
  'table' in command.game &&
  command.game.table === 1
    ? { ...command, first: 2 }
    : command,
)
const bobKey = applyAll(withFirsts).divisions[0]?.players[1]?.key ?? ''
const move: Command = {
  type: 'movePlayer',
  division: 'A',
  player: 2,
  key: bobKey,
  to: 'B',
  games: 'carry',
}
const moved = applyAll([...withFirsts, move])
/** Bob is #4 in B. */
const BOB = 4
const divisionB = moved.divisions[1]
if (divisionB === undefined) throw new Error('division B')

describe('issue 32: his games carried from A are read wherever his record is', () => {
  test('his history (Players and Standings panel) lists rounds 1–2 with his opponents in A', () => {
    const history = playerHistory(moved, 'B', BOB)
    const rows = history.ok
      ? history.value.map((h) => [
          h.round,
          h.carried?.opponent,
          h.carried?.from,
          h.score,
          h.opponentScore,
          h.outcome?.spread,
          h.start,
        ])
      : history.error.code
    expect(rows).toEqual([
      [1, 'Ann', 'A', 400, 360, 40, 'first'],
      [2, 'Cy', 'A', 380, 400, -20, 'first'],
    ])
  })

  test.each<[number, string, string, string]>([
    [1, 'Ann (in A)', 'A#1', 'win'],
    [2, 'Cy (in A)', 'A#3', 'loss'],
  ])(
    'his round %i on the wall chart, scorecard and player page: %s, %s, a %s',
    (round, name, number, outcome) => {
      const cell = playerRounds(divisionB, 2).get(BOB)?.[round - 1] ?? null
      expect(cell === null ? null : [opponentWords(cell), opponentNumber(cell)]).toEqual([
        name,
        number,
      ])
      expect(cell?.result?.outcome).toBe(outcome)
    },
  )

  test('his scorecard prints rounds 1–2 from A and his record after them, 1–1 +20', () => {
    const cards = scorecards(moved, 'B', 2)
    const card = cards.ok ? cards.value.cards.find((c) => c.id === BOB) : undefined
    expect(
      card?.lines
        .slice(0, 2)
        .map((l) => [
          l.cell === null ? null : opponentWords(l.cell),
          l.cell?.result?.score,
          l.record,
        ]),
    ).toEqual([
      ['Ann (in A)', 400, { wins: 1, losses: 0, spread: 40 }],
      ['Cy (in A)', 380, { wins: 1, losses: 1, spread: 20 }],
    ])
  })

  test('his page on the phones lists his games in A', () => {
    const bob = divisionB.players[BOB - 1]
    if (bob === undefined) throw new Error('Bob in B')
    const page = renderPlayerPage({
      state: moved,
      division: divisionB,
      player: bob,
      code: '0000',
      version: 1,
      now: new Date('2026-03-14T12:00:00Z'),
    })
    expect(page.body).toMatch(/Round 1<\/strong>: in division A, against Ann \(first\)/)
  })

  test('his starts count his two firsts in A (rules.md, "Who plays first")', () => {
    const tallies = startTalliesAsOf(moved, 'B', 2)
    expect(tallies.ok ? tallies.value.get(BOB) : tallies.error.code).toEqual({
      firsts: 2,
      seconds: 0,
    })
  })

  test('paired with Eve in round 3, Eve starts: fewer firsts (NSA II.F.1)', () => {
    const paired = apply(
      moved,
      {
        type: 'pairRound',
        division: 'B',
        round: 3,
        pairings: [
          { kind: 'game', table: 3, players: [1, BOB] },
          { kind: 'game', table: 4, players: [2, 3] },
        ],
      },
      ID,
    )
    const start = paired.ok ? paired.value.divisions[1]?.rounds[2]?.pairings[0] : undefined
    expect(start?.kind === 'game' ? start.start : null).toMatchObject({ kind: 'rule', starter: 1 })
  })

  test('the bye goes by rounds without an opponent: his two games in A are rounds with one (tsh’s CountByes; rules.md, "Byes")', () => {
    const input = deskPairingInput(moved, divisionB, 3, { seed: 1 })
    const byes = input.ok ? input.value.players.map((p) => [p.id, p.byes]) : input.error.code
    // Fay and Gus had B's byes in rounds 1 and 2; Bob played both rounds, in A.
    expect(byes).toEqual([
      [1, 0],
      [2, 1],
      [3, 1],
      [BOB, 0],
    ])
  })

  test('a rating estimate rates the games in A at the opponents’ ratings there', () => {
    // Cy (1600) beat Dan (1500) and Bob (1700) in A; moved to B with them, he is #4 there.
    const cyKey = applyAll(withFirsts).divisions[0]?.players[2]?.key ?? ''
    const cyMoved = applyAll([...withFirsts, { ...move, player: 3, key: cyKey }])
    const cy = divisionRatingEstimates(cyMoved, 'B').find((e) => e.id === 4)
    const games = (...list: [number, 0 | 1][]) =>
      list.map(([opponent, score], k) => ({ round: k + 1, opponent, score }))
    const player = (id: number, rating: number, played: RatedGame[]) => ({
      id,
      rating,
      lifetimeGames: DEFAULT_LIFETIME_GAMES,
      games: played,
    })
    // The same two games alone, as a .t of them would have them.
    const alone = estimateRatings({
      system: 'nsa',
      maxRounds: 4,
      players: [
        player(1, 1600, games([2, 1], [3, 1])),
        player(2, 1500, games([1, 0], [0, 0])),
        player(3, 1700, games([0, 0], [1, 0])),
      ],
    })
    expect(cy?.estimates).toEqual(alone[0]?.estimates)
    expect(cy?.estimates.at(-1)).toBeGreaterThan(1600)
    // The stand-ins for his opponents in A are nobody's estimates here.
    expect(divisionRatingEstimates(cyMoved, 'B').map((e) => e.id)).toEqual([1, 2, 3, 4])
  })
})

/** B's standings after each round, as a line. */
function standingsOfB(state: TournamentState, round: number): string {
  const rows = standingsAsOf(state, 'B', round)
  return rows.ok ? standingsLine(rows.value) : rows.error.code
}

describe('issue 32: the .t of B with his carried games', () => {
  const file = exportTDivision(moved, 'B')
  if (!file.ok) throw new Error(file.error.message)
  const text = serializeTFile(file.value)

  test('read back into Rackside, B has the same standings after rounds 1 and 2 (Cy, moved with two wins); tsh reads the same', () => {
    const cyKey = applyAll(withFirsts).divisions[0]?.players[2]?.key ?? ''
    const cyMoved = applyAll([...withFirsts, { ...move, player: 3, key: cyKey }])
    const cyFile = exportTDivision(cyMoved, 'B')
    if (!cyFile.ok) throw new Error(cyFile.error.message)
    const imported = importTDivision(readTFile(serializeTFile(cyFile.value)).file, {
      division: 'B',
      rules: cyMoved.rules,
      rounds: cyMoved.info.rounds,
    })
    if (!imported.ok) throw new Error(imported.error.message)
    const back = applyAll([
      { type: 'createTournament', info: cyMoved.info, rules: cyMoved.rules },
      { type: 'addDivision', name: 'B' },
      ...imported.value.commands,
    ])
    expect([1, 2].map((r) => standingsOfB(back, r))).toEqual(
      [1, 2].map((r) => standingsOfB(cyMoved, r)),
    )
    // And tsh, reading Bob's line (a win and a loss in A), ranks him as we do.
    const byRound = standingsByRoundFromTFile(readTFile(text).file)
    const bob = byRound.ok
      ? [1, 2].map((r) => byRound.value.get(r)?.find((row) => row.player === BOB))
      : []
    expect(bob.map((row) => [row?.wins, row?.losses, row?.spread])).toEqual([
      [1, 0, 40],
      [1, 1, 20],
    ])
  })
})
