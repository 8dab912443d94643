import { describe, expect, test } from 'vitest'
import { describeWarning, pairingWarnings, proposePairing } from '../desk/pair-next'
import { proposeTypedPairing } from '../desk/manual-pairing'
import { parseResultLine, resultCommandFor } from '../desk/result-line'
import { pairingsByTable } from '../reports/pairings'
import { resultSlips } from '../reports/slips'
import { apply, fold } from './apply'
import type { Command } from './commands'
import { describeCommand } from './describe'
import { applyAll, create, ID, logOf, register } from './test-support/event'
import {
  describeOverlap,
  describeTableMove,
  tableMoves,
  tableOffsetCommand,
  tableOffsetOf,
  tableOverlaps,
  tableRanges,
} from './tables'
import type { TournamentState } from './types'

/*
 * Issue 19, "three table 1s in one hall": divisions number their tables on from each other by
 * default (A 22 players on 1–11, B 15 on 12–18, C 8 on 19–22), the director may move a division,
 * an overlap is named, and a changed first table renumbers the round being played without a
 * re-pair.
 */

const SIZES = { A: 22, B: 15, C: 8 } as const

function hallCommands(): Command[] {
  const commands: Command[] = [create('nsa1995', 8)]
  for (const [division, size] of Object.entries(SIZES)) {
    commands.push({ type: 'addDivision', name: division })
    for (let i = 1; i <= size; i++) {
      commands.push(register(`${division}${String(i)}`, 2000 - i, division))
    }
  }
  return commands
}

function pair(state: TournamentState, division: string): TournamentState {
  const round = (state.divisions.find((d) => d.name === division)?.rounds.length ?? 0) + 1
  const proposal = proposePairing(state, division, round, { seed: 7 })
  if (!proposal.ok) throw new Error(proposal.error.message)
  const paired = apply(state, proposal.value.command, ID)
  if (!paired.ok) throw new Error(paired.error.message)
  return paired.value
}

function tables(state: TournamentState, division: string): number[] {
  const round = state.divisions.find((d) => d.name === division)?.rounds.at(-1)
  return (round?.pairings ?? []).flatMap((p) => (p.kind === 'game' ? [p.table] : []))
}

const range = (first: number, last: number): number[] =>
  Array.from({ length: last - first + 1 }, (_, i) => first + i)

function run(state: TournamentState, command: Command): TournamentState {
  const next = apply(state, command, ID)
  if (!next.ok) throw new Error(`${next.error.code}: ${next.error.message}`)
  return next.value
}

describe('tables numbered across the hall by default (issue 19)', () => {
  const hall = ['A', 'B', 'C'].reduce(pair, applyAll(hallCommands()))

  test.each([
    { division: 'A', first: 1, last: 11 },
    { division: 'B', first: 12, last: 18 },
    { division: 'C', first: 19, last: 22 },
  ])(
    'division $division (by its boards) is paired, printed and slipped at tables $first–$last',
    ({ division, first, last }) => {
      expect(tables(hall, division)).toEqual(range(first, last))
      const byTable = pairingsByTable(hall, division, 1)
      const slips = resultSlips(hall, division, 1)
      if (!byTable.ok || !slips.ok) throw new Error('report refused')
      expect(byTable.value.rows.flatMap((r) => (r.kind === 'game' ? [r.table] : []))).toEqual(
        range(first, last),
      )
      expect(slips.value.slips.map((s) => s.table)).toEqual(range(first, last))
    },
  )

  test('no two divisions share a table, so there is nothing to warn of', () => {
    expect(tableOverlaps(hall)).toEqual([])
  })

  test('a director’s first table is kept, and the next division follows it', () => {
    const moved = run(applyAll(hallCommands()), {
      type: 'setTableOffset',
      division: 'A',
      offset: 100,
    })
    expect(['A', 'B', 'C'].map((d) => tableOffsetOf(moved, d))).toEqual([100, 111, 118])
  })

  test('typed pairings take the division’s hall tables too (B from 12)', () => {
    const typed = proposeTypedPairing(
      applyAll(hallCommands()),
      'B',
      1,
      { games: [[1, 2]], byes: [] },
      { rest: 'system', seed: 5 },
    )
    if (!typed.ok) throw new Error(typed.error.message)
    const typedTable = typed.value.command.pairings.find(
      (p) => p.kind === 'game' && p.players.includes(1),
    )
    expect(typedTable?.kind === 'game' ? typedTable.table : null).toBe(12)
  })
})

describe('two divisions on one table are named (issue 19)', () => {
  test.each([
    {
      title: 'C moved onto B’s 16–18',
      offset: { division: 'C', offset: 15 },
      expected: ['Divisions B (tables 12–18) and C (tables 16–19) both use tables 16–18.'],
    },
    {
      title: 'B moved back to table 1, on top of A',
      offset: { division: 'B', offset: 0 },
      expected: [
        'Divisions A (tables 1–11) and B (tables 1–7) both use tables 1–7.',
        // C follows B's new last table (7), so it lands in A too.
        'Divisions A (tables 1–11) and C (tables 8–11) both use tables 8–11.',
      ],
    },
  ])('$title', ({ offset, expected }) => {
    const state = run(applyAll(hallCommands()), { type: 'setTableOffset', ...offset })
    expect(tableOverlaps(state).map(describeOverlap)).toEqual(expected)
  })
})

describe('a changed first table renumbers the round being played, without a re-pair', () => {
  const paired = ['A', 'B', 'C'].reduce(pair, applyAll(hallCommands()))
  const bRound = paired.divisions[1]?.rounds[0]

  test('B from 31: its round 1 moves to 31–37, the same games at the same places', () => {
    const command = tableOffsetCommand(paired, 'B', 31)
    expect(command).toEqual({ type: 'setTableOffset', division: 'B', offset: 30, renumberRound: 1 })
    const moved = run(paired, command)
    expect(tables(moved, 'B')).toEqual(range(31, 37))
    const round = moved.divisions[1]?.rounds[0]
    expect(round?.pairings.map((p) => (p.kind === 'game' ? p.players : p.player))).toEqual(
      bRound?.pairings.map((p) => (p.kind === 'game' ? p.players : p.player)),
    )
    expect(round?.seed).toBe(bRound?.seed)
    // The slips follow the stored tables.
    const slips = resultSlips(moved, 'B', 1)
    expect(slips.ok ? slips.value.slips.map((s) => s.table) : []).toEqual(range(31, 37))
    expect(describeCommand(command, moved)).toContain('round 1 renumbered')
  })

  test('a locked table keeps its place relative to the others (B’s table 20 → 39)', () => {
    // The director seats B's #1 and #2 at table 20, away from the rest (a locked pairing).
    const unpaired = applyAll(hallCommands())
    const withA = pair(unpaired, 'A')
    const proposal = proposePairing(withA, 'B', 1, {
      seed: 7,
      system: 'swiss',
      keepLocked: [{ kind: 'game', table: 20, players: [1, 2], locked: true }],
    })
    if (!proposal.ok) throw new Error(proposal.error.message)
    const edited = run(withA, proposal.value.command)
    expect(tables(edited, 'B')).toEqual([12, 13, 14, 15, 16, 17, 20])
    const moved = run(edited, tableOffsetCommand(edited, 'B', 31))
    expect(tables(moved, 'B')).toEqual([31, 32, 33, 34, 35, 36, 39])
  })

  test('undo puts the round back at its first tables', () => {
    const commands = [...hallCommands()]
    let state = applyAll(commands)
    for (const division of ['A', 'B', 'C']) {
      const round = proposePairing(state, division, 1, { seed: 7 })
      if (!round.ok) throw new Error(round.error.message)
      commands.push(round.value.command)
      state = run(state, round.value.command)
    }
    const renumber = tableOffsetCommand(state, 'B', 31)
    const log = logOf([...commands, renumber])
    const undone = fold(ID, [
      ...log,
      { seq: log.length, at: '', command: { type: 'undo', seq: log.length - 1 } },
    ])
    const done = fold(ID, log)
    if (!undone.ok || !done.ok || !undone.value || !done.value) throw new Error('fold refused')
    expect(tables(done.value, 'B')).toEqual(range(31, 37))
    expect(tables(undone.value, 'B')).toEqual(range(12, 18))
  })

  test('a finished round keeps its tables; the next pairing takes the new ones', () => {
    let state = paired
    const round = state.divisions[2]?.rounds[0]
    round?.pairings.forEach((p) => {
      if (p.kind !== 'game') return
      const line = parseResultLine(`${String(p.table)} 400 300`, { state, division: 'C', round: 1 })
      if (!line.ok) throw new Error(line.error.message)
      state = run(state, resultCommandFor(state, 'C', 1, line.value))
    })
    const command = tableOffsetCommand(state, 'C', 41)
    expect(command).toEqual({ type: 'setTableOffset', division: 'C', offset: 40 })
    const moved = run(state, command)
    expect(tables(moved, 'C')).toEqual(range(19, 22))
    expect(tables(pair(moved, 'C'), 'C')).toEqual(range(41, 44))
  })

  test('a round that is not the latest is refused', () => {
    const refused = apply(
      paired,
      { type: 'setTableOffset', division: 'B', offset: 30, renumberRound: 2 },
      ID,
    )
    expect(refused.ok ? null : refused.error.code).toBe('division.table-offset.round-not-latest')
  })

  test('the ranges the warning reads are the tables in use', () => {
    expect(tableRanges(paired)).toEqual([
      { division: 'A', first: 1, last: 11 },
      { division: 'B', first: 12, last: 18 },
      { division: 'C', first: 19, last: 22 },
    ])
  })
})

/*
 * Issue 28, "table numbers move between rounds": after a late entry in B, C moved from 21–23 to
 * 22–24, and after a withdrawal in A, B and C moved back. A division's block stays where its latest
 * round was paired; a division before it that shrinks leaves a gap; one that grows into it pushes it
 * on just enough, and the pairing review says so; the director's own first table wins.
 */
describe('blocks of tables stay put across the hall (issue 28)', () => {
  function hall(sizes: Readonly<Record<string, number>>): Command[] {
    const commands: Command[] = [create('nsa1995', 8)]
    for (const [division, size] of Object.entries(sizes)) {
      commands.push({ type: 'addDivision', name: division })
      for (let i = 1; i <= size; i++) {
        commands.push(register(`${division}${String(i)}`, 2000 - i, division))
      }
    }
    return commands
  }

  function finish(state: TournamentState, division: string): TournamentState {
    let next = state
    const round = next.divisions.find((d) => d.name === division)?.rounds.at(-1)
    round?.pairings.forEach((p) => {
      if (p.kind !== 'game') return
      const context = { state: next, division, round: round.number }
      const line = parseResultLine(`${String(p.table)} 400 300`, context)
      if (!line.ok) throw new Error(line.error.message)
      next = run(next, resultCommandFor(next, division, round.number, line.value))
    })
    return next
  }

  /** Every division finishes its round and pairs the next, in hall order. */
  const nextRound = (state: TournamentState): TournamentState =>
    ['A', 'B', 'C'].reduce((s, d) => pair(finish(s, d), d), state)

  const blocks = (state: TournamentState): string[] =>
    ['A', 'B', 'C'].map((d) => {
      const t = tables(state, d)
      return `${d} ${String(Math.min(...t))}–${String(Math.max(...t))}`
    })

  const late = (division: string, name: string): Command => register(name, 1500, division)
  const withdraw = (division: string, player: number, fromRound: number): Command => ({
    type: 'withdrawPlayer',
    division,
    player,
    fromRound,
  })

  function review(state: TournamentState, division: string): string[] {
    const round = state.divisions.find((d) => d.name === division)?.rounds.length ?? 0
    return pairingWarnings(state, division, round)
      .filter((w) => w.kind === 'tables-moved')
      .map((w) => describeWarning(state, division, w))
  }

  const round1 = (sizes: Readonly<Record<string, number>>): TournamentState =>
    ['A', 'B', 'C'].reduce(pair, applyAll(hall(sizes)))

  test('a withdrawal in B leaves a gap at 19 and a late entry fills it: C stays at 20–23', () => {
    const first = round1({ A: 22, B: 16, C: 8 })
    expect(blocks(first)).toEqual(['A 1–11', 'B 12–19', 'C 20–23'])
    const second = nextRound(run(first, withdraw('B', 16, 2)))
    expect(blocks(second)).toEqual(['A 1–11', 'B 12–18', 'C 20–23'])
    const third = nextRound(run(second, late('B', 'Late B')))
    expect(blocks(third)).toEqual(['A 1–11', 'B 12–19', 'C 20–23'])
    expect(tableMoves(third)).toEqual([])
  })

  test('a withdrawal in A: B and C stay where round 1 had them, A leaves table 11 free', () => {
    const first = round1({ A: 22, B: 15, C: 8 })
    const second = nextRound(run(first, withdraw('A', 22, 2)))
    expect(blocks(second)).toEqual(['A 1–10', 'B 12–18', 'C 19–22'])
    expect(review(second, 'C')).toEqual([])
  })

  test('a late entry grows B into C’s block: C moves on by one table and the reviews say why', () => {
    const first = round1({ A: 22, B: 15, C: 8 })
    const entered = run(finish(finish(finish(first, 'A'), 'B'), 'C'), late('B', 'Late B'))
    const move = 'C’s tables move to 20–23: B needs table 19 now.'
    expect(tableMoves(entered).map(describeTableMove)).toEqual([move])
    const bPaired = pair(pair(entered, 'A'), 'B')
    expect(tables(bPaired, 'B')).toEqual(range(12, 19))
    // B's review warns before C is paired; C's own review says why its tables changed.
    expect(review(bPaired, 'B')).toEqual([move])
    const cPaired = pair(bPaired, 'C')
    expect(tables(cPaired, 'C')).toEqual(range(20, 23))
    expect(review(cPaired, 'C')).toEqual([move])
    // No overlap is named as well: C's finished round 1 no longer holds table 19.
    expect(tableOverlaps(bPaired)).toEqual([])
    expect(tableMoves(cPaired)).toEqual([])
  })

  test('the director’s own first table wins over where the round before was', () => {
    const first = round1({ A: 22, B: 15, C: 8 })
    const moved = run(finish(first, 'B'), tableOffsetCommand(first, 'C', 41))
    const second = nextRound(run(moved, withdraw('A', 22, 2)))
    expect(blocks(second)).toEqual(['A 1–10', 'B 12–18', 'C 41–44'])
    expect(review(second, 'C')).toEqual([])
    // B pushed by the director's A: B moves on past it, and says so.
    const aMoved = run(second, tableOffsetCommand(second, 'A', 8))
    expect(tableMoves(aMoved).map(describeTableMove)).toEqual([
      'B’s tables move to 18–24: A needs table 12 now.',
    ])
  })
})
