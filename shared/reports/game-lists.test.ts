import { readFileSync } from 'node:fs'
import fc from 'fast-check'
import { describe, expect, test } from 'vitest'
import { decodeTFileBytes } from '../formats/text-codec'
import { importTshFiles } from '../formats/tsh-import'
import type { GameResult, PlayerId } from '../results/game-result'
import { fold } from '../tournament/apply'
import type { LoggedCommand } from '../tournament/commands'
import { generateLog } from '../tournament/test-support/generate-log'
import type { Division, TournamentState } from '../tournament/types'
import {
  gameLists,
  GAME_LIST_KINDS,
  playedGames,
  type GameListKind,
  type PlayedGame,
} from './game-lists'
import { playerRounds } from './player-rounds'
import { rangeTotals } from './prizes'

/**
 * Issue 33 made the game lists and the prizes read the rounds directly and keep only the games a
 * list can show. These are the full computations they replaced, through every player's cells (as
 * the wall chart builds them) and every game sorted: the fast ones must give the same answers.
 */
function playedGamesFromCells(division: Division, through: number): readonly PlayedGame[] {
  const games: PlayedGame[] = []
  for (const [player, cells] of playerRounds(division, through)) {
    for (const cell of cells) {
      const r = cell?.result ?? null
      if (cell === null || r === null || cell.kind !== 'game' || r.forfeit) continue
      if (r.score === null || r.opponentScore === null || cell.opponent === null) continue
      games.push({
        round: cell.round,
        table: cell.table ?? 0,
        player,
        opponent: cell.opponent.id,
        score: r.score,
        opponentScore: r.opponentScore,
        rating: division.players[player - 1]?.rating ?? 0,
        opponentRating: division.players[cell.opponent.id - 1]?.rating ?? 0,
      })
    }
  }
  return games.sort((a, b) => a.round - b.round || a.table - b.table || a.player - b.player)
}

/** What each list ranks a game by, or null when the game is not one for the list. */
const PICKS: Readonly<Record<GameListKind, (g: PlayedGame) => number | null>> = {
  'high-game': (g) => g.score,
  'high-loss': (g) => (g.score < g.opponentScore ? g.score : null),
  'low-win': (g) => (g.score > g.opponentScore ? g.score : null),
  'high-combined': (g) =>
    g.score > g.opponentScore || (g.score === g.opponentScore && g.player < g.opponent)
      ? g.score + g.opponentScore
      : null,
  upsets: (g) =>
    g.score > g.opponentScore && g.rating > 0 && g.opponentRating > g.rating
      ? g.opponentRating - g.rating
      : null,
}

/** Each list by sorting every game it could hold, then cutting after the ties of the last line. */
function listsBySortingAll(division: Division, through: number, length: number) {
  const games = playedGamesFromCells(division, through)
  return GAME_LIST_KINDS.map((kind) => {
    const pick = PICKS[kind]
    const sign = kind === 'low-win' ? 1 : -1
    const chosen = games.flatMap((game) => {
      const value = pick(game)
      return value === null ? [] : [{ game, value }]
    })
    chosen.sort(
      (a, b) =>
        sign * (a.value - b.value) || a.game.round - b.game.round || a.game.table - b.game.table,
    )
    const cut = chosen[length - 1]
    return chosen
      .filter((c, i) => i < length || c.value === cut?.value)
      .map((c) => [c.game.round, c.game.table, c.game.player, c.value])
  })
}

/** Each player's wins, losses, spread and games over rounds from..to, through their cells. */
function totalsFromCells(division: Division, from: number, to: number) {
  const totals = new Map<
    PlayerId,
    { wins: number; losses: number; spread: number; games: number }
  >()
  for (const [player, cells] of playerRounds(division, to)) {
    const t = { wins: 0, losses: 0, spread: 0, games: 0 }
    for (const cell of cells.slice(from - 1, to)) {
      const result = cell?.result ?? null
      if (result === null || result.outcome === 'none') continue
      t.wins += result.outcome === 'win' ? 1 : result.outcome === 'tie' ? 0.5 : 0
      t.losses += result.outcome === 'loss' ? 1 : result.outcome === 'tie' ? 0.5 : 0
      t.spread += result.spread
      t.games += 1
    }
    totals.set(player, t)
  }
  for (const p of division.penalties) {
    const t = totals.get(p.player)
    if (t !== undefined && p.round >= from && p.round <= to) t.spread -= p.points
  }
  return totals
}

function folded(log: readonly LoggedCommand[]): TournamentState {
  const state = fold('game-lists', log)
  if (!state.ok || state.value === undefined)
    throw new Error(`the log does not fold: ${JSON.stringify(state.ok ? 'empty' : state.error)}`)
  return state.value
}

/** The MGI Premier League 2022, division A (a real event, 12 rounds, tsh's own file). */
function mgi(): TournamentState {
  const text = (name: string): string =>
    decodeTFileBytes(
      readFileSync(new URL(`../formats/__fixtures__/mgi-2022/${name}`, import.meta.url)),
    ).text
  const imported = importTshFiles(
    {
      kind: 't',
      file: { name: 'a.t', text: text('a.t') },
      config: { name: 'config.tsh', text: text('config.tsh') },
    },
    {},
    '2022-02-19',
  )
  if (!imported.ok) throw new Error(imported.error.message)
  return folded(
    imported.value.commands.map((command, seq) => ({
      seq,
      at: '2022-02-19T09:00:00.000Z',
      command,
    })),
  )
}

/**
 * A made-up event with what real ones have besides played games: ties, forfeits (a walk-out with
 * its scores), double forfeits, unplayed games, results not entered yet, byes, spread penalties.
 */
function randomEvent(players: number, rounds: number, seed: number, choices: readonly number[]) {
  const log = generateLog({ players, rounds, seed, starts: 'given' })
  let k = 0
  const twisted = log.flatMap((entry): LoggedCommand[] => {
    const command = entry.command
    if (command.type !== 'recordResult' || command.result.kind !== 'played') return [entry]
    const [a, b] = command.result.players
    const twist = choices[k++ % choices.length] ?? 0
    const twists: readonly GameResult[] = [
      command.result,
      { ...command.result, scores: [400, 400], rawScores: [400, 400] },
      {
        kind: 'forfeit',
        winner: a,
        loser: b,
        reason: 'walk-out',
        spread: 50,
        rated: true,
        scoresAtDeparture: { winner: 300, loser: 200 },
      },
      { kind: 'doubleForfeit', players: [a, b], spread: 50 },
      { kind: 'unplayed', players: [a, b] },
    ]
    const result = twists[twist] ?? command.result
    if (twist === 5) return []
    // Nobody goes first in a game not played.
    const { first, ...fields } = command
    const recorded = {
      ...entry,
      command: { ...fields, result, ...(result.kind === 'played' ? { first } : {}) },
    }
    if (twist !== 6) return [recorded]
    const penalty: LoggedCommand = {
      seq: entry.seq,
      at: entry.at,
      command: {
        type: 'assignPenalty',
        division: 'A',
        player: a,
        round: command.round,
        points: 10,
        reason: 'slow',
      },
    }
    return [recorded, penalty]
  })
  return folded(twisted.map((entry, seq) => ({ ...entry, seq })))
}

function expectSameAsFull(state: TournamentState, length: number): void {
  const division = state.divisions[0]
  if (division === undefined) throw new Error('no division')
  for (let through = 0; through <= division.rounds.length; through++) {
    expect(playedGames(division, through)).toEqual(playedGamesFromCells(division, through))
    const lists = gameLists(state, division.name, Math.max(1, through), length)
    if (!lists.ok || through === 0) continue
    expect(
      lists.value.lists.map((l) => l.entries.map((e) => [e.round, e.table, e.player.id, e.value])),
    ).toEqual(listsBySortingAll(division, through, length))
    for (let from = 1; from <= through; from++) {
      expect(rangeTotals(division, from, through)).toEqual(totalsFromCells(division, from, through))
    }
  }
}

describe('game lists and prizes read from the rounds equal the full computation (issue 33)', () => {
  test('on a real event: the MGI Premier League 2022, division A', () => {
    const state = mgi()
    expect(playedGames(state.divisions[0] as Division, 12).length).toBeGreaterThan(100)
    expectSameAsFull(state, 10)
  })

  test('on random events with ties, forfeits, unplayed games, missing results and penalties', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 2, max: 24 }),
        fc.integer({ min: 1, max: 6 }),
        fc.integer({ min: 1, max: 10_000 }),
        fc.array(fc.integer({ min: 0, max: 6 }), { minLength: 1, maxLength: 12 }),
        fc.integer({ min: 0, max: 12 }),
        (players, rounds, seed, twists, length) => {
          expectSameAsFull(randomEvent(players, rounds, seed, twists), length)
        },
      ),
      { numRuns: 150 },
    )
  })
})
