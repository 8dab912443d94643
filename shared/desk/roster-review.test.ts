/*
 * Issue 32, at the desk: the path the Players screen takes (review → the reviewed command applied
 * → pairing, standings and exports), for a division renamed and a registration deleted.
 */
import { describe, expect, test } from 'vitest'
import { tshEventFiles } from '../formats/tsh-event-export'
import { nameTags } from '../reports/name-tags'
import { wallChart } from '../reports/wall-chart'
import { apply, fold } from '../tournament/apply'
import type { Command } from '../tournament/commands'
import { planControl } from '../tournament/log'
import { applyAll, create, ID, logOf, played, register } from '../tournament/test-support/event'
import { sixBeforePlay } from '../tournament/test-support/six-before-play'
import { twoRounds } from '../tournament/test-support/two-divisions'
import type { TournamentState } from '../tournament/types'
import { playerHistory, standingsAsOf } from '../tournament/views'
import { exportTDivision } from '../formats/t-export'
import { opponentNumber, opponentWords } from '../reports/player-rounds'
import { scorecards } from '../reports/scorecards'
import { standingsByRoundFromTFile } from '../standings/from-t-file'
import { proposePairing } from './pair-next'
import { reviewDelete, reviewMerge, reviewMove, reviewRename, reviewSplit } from './roster-review'

const A: Command = { type: 'addDivision', name: 'A' }
const B: Command = { type: 'addDivision', name: 'B' }
const STAMP = { at: '2026-03-14T10:00:00.000Z', desk: 'd1' }

function run(state: TournamentState, command: Command): TournamentState {
  const next = apply(state, command, ID)
  if (!next.ok) throw new Error(next.error.message)
  return next.value
}

function config(state: TournamentState): string {
  const files = tshEventFiles(state)
  if (!files.ok) throw new Error(files.error.message)
  return `${files.value.configText}\n${files.value.files.map((f) => `${f.division} ${f.name}`).join('\n')}`
}

describe('issue 32: renaming a division from the Players screen', () => {
  const base = [create(), A, B, register('Ann'), register('Bob'), register('Cy', 0, 'B')]

  test('the review names both names and the command to store; the exports follow', () => {
    const state = applyAll(base)
    const review = reviewRename(state, 'A', '  Open ')
    expect(review.ok && [review.value.from, review.value.to, review.value.command]).toEqual([
      'A',
      'Open',
      { type: 'renameDivision', division: 'A', name: 'Open' },
    ])
    if (!review.ok) return
    const after = run(state, review.value.command)
    expect(after).toEqual(review.value.state)
    expect(config(after)).toContain('division Open open.t')
    expect(config(after)).toContain('Open open.t')
    expect(config(after)).not.toContain('division A ')
  })

  test('the review refuses a name taken, as the engine would', () => {
    const review = reviewRename(applyAll(base), 'A', 'b')
    expect(review.ok ? null : review.error.message).toBe('There is already a division b.')
  })

  test('pairing and standings go on under the new name; undo before that restores the old', () => {
    const state = applyAll(base)
    const review = reviewRename(state, 'A', 'Open')
    if (!review.ok) throw new Error(review.error.message)
    const log = logOf([...base, review.value.command])
    const undone = planControl(ID, log, { type: 'undo', seq: base.length }, STAMP)
    expect(undone.ok && config(undone.value.state as TournamentState)).toContain('division A a.t')

    let renamed = review.value.state
    const proposal = proposePairing(renamed, 'Open', 1, { seed: 3 })
    if (!proposal.ok) throw new Error(proposal.error.message)
    renamed = run(renamed, proposal.value.command)
    expect(proposal.value.command.division).toBe('Open')
    renamed = run(renamed, {
      type: 'recordResult',
      division: 'Open',
      round: 1,
      game: { table: 1 },
      result: played([1, 2], [420, 380]),
    })
    const rows = standingsAsOf(renamed, 'Open', 1)
    expect(rows.ok && rows.value.map((r) => [r.name, r.wins])).toEqual([
      ['Ann', 1],
      ['Bob', 0],
    ])
  })
})

describe('issue 32: deleting a registration from the Players screen', () => {
  const base = [create(), A, register('Ann'), register('Bob'), register('Cy'), register('Di')]

  test('a mistaken registration: deleted, the round paired without him, the others keep their numbers', () => {
    const state = applyAll(base)
    const review = reviewDelete(state, 'A', 2)
    expect(review.ok && [review.value.player.name, review.value.after]).toEqual(['Bob', 2])
    if (!review.ok) return
    let after = run(state, review.value.command)
    const proposal = proposePairing(after, 'A', 1, { seed: 5 })
    if (!proposal.ok) throw new Error(proposal.error.message)
    const seated = proposal.value.command.pairings.flatMap((p) =>
      p.kind === 'game' ? p.players : [p.player],
    )
    expect([...seated].sort()).toEqual([1, 3, 4])
    after = run(after, proposal.value.command)
    const rows = standingsAsOf(after, 'A', 1)
    expect(rows.ok && rows.value.map((r) => r.name).sort()).toEqual(['Ann', 'Cy', 'Di'])
    // The .t keeps a line for each number, the deleted one written off, so #3 and #4 stay.
    const files = tshEventFiles(after)
    const lines = files.ok ? (files.value.files[0]?.text.trim().split('\n') ?? []) : []
    expect(lines.map((l) => l.split(/\s{2,}/)[0])).toEqual(['Ann', 'Bob', 'Cy', 'Di'])
    expect(lines[1]).toMatch(/; off 0/)
  })

  test('the review refuses a player something depends on, naming it', () => {
    const state = applyAll([
      ...base,
      { type: 'checkIn', division: 'A', player: 3, day: '2026-03-14' },
    ])
    const review = reviewDelete(state, 'A', 3)
    expect(review.ok ? null : review.error.message).toBe(
      'Cy (#3) cannot be deleted: the player has checked in. Withdraw the player instead.',
    )
  })

  test('undo gives him back his registration and place', () => {
    const state = applyAll(base)
    const review = reviewDelete(state, 'A', 2)
    if (!review.ok) throw new Error(review.error.message)
    const log = logOf([...base, review.value.command])
    expect(fold(ID, log).ok).toBe(true)
    const undone = planControl(ID, log, { type: 'undo', seq: base.length }, STAMP)
    const players = undone.ok ? undone.value.state?.divisions[0]?.players : []
    expect(players?.map((p) => [p.name, p.deleted === true])).toEqual([
      ['Ann', false],
      ['Bob', false],
      ['Cy', false],
      ['Di', false],
    ])
  })
})

describe('issue 32: moving a player registered in the wrong division, before round 1', () => {
  const base = [
    create(),
    A,
    B,
    register('Ann', 1800),
    register('Bob', 1700),
    register('Cy', 1600),
    register('Eve', 1500),
    register('Di', 1750, 'B'),
    register('Flo', 1650, 'B'),
    register('Gus', 1550, 'B'),
  ]

  test('the review names his number and first round in B; he is paired and ranked there, and both files follow', () => {
    const state = applyAll(base)
    const review = reviewMove(state, 'A', 2, 'B')
    expect(review.ok && [review.value.from, review.value.to, review.value.newId]).toEqual([
      'A',
      'B',
      4,
    ])
    expect(review.ok && review.value.firstRound).toBe(1)
    if (!review.ok) return
    let after = run(state, review.value.command)
    for (const division of ['A', 'B']) {
      const proposal = proposePairing(after, division, 1, { seed: 7 })
      if (!proposal.ok) throw new Error(proposal.error.message)
      after = run(after, proposal.value.command)
    }
    const seated = (division: number): number[] =>
      (after.divisions[division]?.rounds[0]?.pairings ?? [])
        .flatMap((p) => (p.kind === 'game' ? p.players : [p.player]))
        .sort()
    expect(seated(0)).toEqual([1, 3, 4])
    expect(seated(1)).toEqual([1, 2, 3, 4])
    const rowsA = standingsAsOf(after, 'A', 1)
    const rowsB = standingsAsOf(after, 'B', 1)
    expect(rowsA.ok && rowsA.value.map((r) => r.name).sort()).toEqual(['Ann', 'Cy', 'Eve'])
    expect(rowsB.ok && rowsB.value.map((r) => r.name).sort()).toEqual(['Bob', 'Di', 'Flo', 'Gus'])
    const files = tshEventFiles(after)
    const names = (i: number): string[] =>
      files.ok
        ? (files.value.files[i]?.text.trim().split('\n') ?? []).map(
            (l) => l.split(/\s{2,}/)[0] ?? '',
          )
        : []
    expect(names(0)).toEqual(['Ann', 'Bob', 'Cy', 'Eve'])
    expect(names(1)).toEqual(['Di', 'Flo', 'Gus', 'Bob'])
  })

  test('printed name tags and wall charts list him once, in B', () => {
    const state = applyAll(base)
    const review = reviewMove(state, 'A', 2, 'B')
    if (!review.ok) throw new Error(review.error.message)
    const after = review.value.state
    const tags = (division: string): string[] => {
      const printed = nameTags(after, division)
      return printed.ok ? printed.value.tags.map((t) => t.name) : []
    }
    expect(tags('A')).toEqual(['Ann', 'Cy', 'Eve'])
    expect(tags('B')).toEqual(['Bob', 'Di', 'Flo', 'Gus'])
    const chart = wallChart(after, 'A', 1)
    expect(chart.ok && chart.value.rows.map((r) => r.name)).toEqual(['Ann', 'Cy', 'Eve'])
  })

  test('the review refuses a player who has played, saying so', () => {
    const state = applyAll(base)
    const proposal = proposePairing(state, 'A', 1, { seed: 7 })
    if (!proposal.ok) throw new Error(proposal.error.message)
    const review = reviewMove(run(state, proposal.value.command), 'A', 2, 'B')
    expect(review.ok ? null : review.error.code).toBe('player.move.played')
  })
})

describe('issue 32: moving a player after round 2, the review showing both divisions’ standings', () => {
  const state = applyAll(twoRounds)

  test('without a choice the review refuses, asking whether his games go with him', () => {
    const review = reviewMove(state, 'A', 2, 'B')
    expect(review.ok ? null : review.error.code).toBe('player.move.played')
  })

  test('carry: A loses his line, B gains it at 3rd and Fay drops to 4th', () => {
    const review = reviewMove(state, 'A', 2, 'B', 'carry')
    if (!review.ok) throw new Error(review.error.message)
    expect(review.value.played).toBe(true)
    expect(review.value.command).toMatchObject({ type: 'movePlayer', games: 'carry' })
    const line = (rank: number, wins: number, spread: number) => ({
      rank,
      wins,
      losses: 2 - wins,
      spread,
    })
    expect(review.value.standings).toEqual([
      {
        division: 'A',
        round: 2,
        lines: [
          { name: 'Dan', before: line(4, 0, -110), after: line(3, 0, -110) },
          { name: 'Bob', before: line(3, 1, 20), after: null },
        ],
      },
      {
        division: 'B',
        round: 2,
        lines: [
          { name: 'Bob', before: null, after: line(3, 1, 20) },
          { name: 'Fay', before: line(3, 1, -50), after: line(4, 1, -50) },
        ],
      },
    ])
  })

  test('drop: Ann’s loss to him becomes a forfeit win that puts her first; B changes by nothing', () => {
    const review = reviewMove(state, 'A', 2, 'B', 'drop')
    if (!review.ok) throw new Error(review.error.message)
    expect(
      review.value.standings.map((s) =>
        s.lines.map((l) => [l.name, l.before?.rank ?? null, l.after?.rank ?? null]),
      ),
    ).toEqual([
      [
        ['Ann', 2, 1],
        ['Cy', 1, 2],
        ['Dan', 4, 3],
        ['Bob', 3, null],
      ],
      [],
    ])
  })

  /** The reviewed carry stored, then B's round 3 paired as the desk proposes it. */
  function carriedThenPaired(): { after: TournamentState; paired: TournamentState } {
    const review = reviewMove(state, 'A', 2, 'B', 'carry')
    if (!review.ok) throw new Error(review.error.message)
    const after = run(state, review.value.command)
    const proposal = proposePairing(after, 'B', 3, { seed: 7 })
    if (!proposal.ok) throw new Error(proposal.error.message)
    return { after, paired: run(after, proposal.value.command) }
  }

  test('carry: the reviewed command stored, B pairs four players in round 3 with no repeat of his games', () => {
    const { after, paired: event } = carriedThenPaired()
    const paired = event.divisions[1]?.rounds[2]?.pairings ?? []
    expect(paired.filter((p) => p.kind === 'game').length).toBe(2)
    const files = tshEventFiles(after)
    const b = files.ok ? files.value.files.find((f) => f.division === 'B')?.text : ''
    expect(b?.split('\n').find((l) => l.startsWith('Bob'))).toMatch(/0 0; 40 -20/)
  })

  test('carry, then round 3: his history, scorecard and wall chart print his games in A; the .t ranks him as the standings do', () => {
    const { paired } = carriedThenPaired()
    const history = playerHistory(paired, 'B', 4)
    expect(
      history.ok ? history.value.map((h) => [h.round, h.carried?.opponent ?? null]) : [],
    ).toEqual([
      [1, 'Ann'],
      [2, 'Cy'],
      [3, null],
    ])
    const cards = scorecards(paired, 'B', 3)
    const card = cards.ok ? cards.value.cards.find((c) => c.name === 'Bob') : undefined
    expect(card?.lines.map((l) => (l.cell === null ? null : opponentWords(l.cell)))).toEqual([
      'Ann (in A)',
      'Cy (in A)',
      expect.any(String),
      null,
    ])
    const chart = wallChart(paired, 'B', 2)
    const row = chart.ok ? chart.value.rows.find((r) => r.name === 'Bob') : undefined
    expect(row?.cells.map((c) => (c === null ? null : opponentNumber(c)))).toEqual(['A#1', 'A#3'])
    expect(row?.standing).toEqual({ rank: 3, wins: 1, losses: 1, spread: 20 })
    const file = exportTDivision(paired, 'B')
    const tsh = file.ok ? standingsByRoundFromTFile(file.value) : null
    const bob = tsh?.ok ? tsh.value.get(2)?.find((r) => r.player === 4) : undefined
    expect([bob?.wins, bob?.losses, bob?.spread]).toEqual([1, 1, 20])
  })
})

describe('issue 32: merging two divisions from the Players screen', () => {
  const state = applyAll(twoRounds)

  test('the review numbers B’s players after A’s and shows the merged standings after round 2', () => {
    const review = reviewMerge(state, 'A', 'B')
    if (!review.ok) throw new Error(review.error.message)
    expect(review.value.command).toEqual({ type: 'mergeDivisions', division: 'A', absorbed: 'B' })
    expect(review.value.joining.map((j) => `${j.player.name} #${String(j.newId)}`)).toEqual([
      'Eve #5',
      'Fay #6',
      'Gus #7',
    ])
    expect(review.value.round).toBe(2)
    expect(review.value.standings.map((s) => `${String(s.line.rank)} ${s.name}`)).toEqual([
      '1 Gus',
      '2 Cy',
      '3 Ann',
      '4 Eve',
      '5 Bob',
      '6 Fay',
      '7 Dan',
    ])
    expect(run(state, review.value.command)).toEqual(review.value.state)
  })

  test('the review refuses as the engine would, naming both divisions’ rounds', () => {
    const review = reviewMerge(applyAll(twoRounds.slice(0, -2)), 'A', 'B')
    expect(review.ok ? null : review.error.message).toBe(
      'Division A has paired 2 rounds and division B 1: divisions merge only when both have paired the same rounds.',
    )
  })

  test.each([1, 2, 3, 4, 5])(
    'round 3 is paired on the merged division, no pair meeting again (seed %i)',
    (seed) => {
      const merged = run(state, { type: 'mergeDivisions', division: 'A', absorbed: 'B' })
      const proposal = proposePairing(merged, 'A', 3, { seed })
      if (!proposal.ok) throw new Error(proposal.error.message)
      const after = run(merged, proposal.value.command)
      const met = new Set(
        after.divisions[0]?.rounds
          .slice(0, 2)
          .flatMap((r) =>
            r.pairings.flatMap((p) => (p.kind === 'game' ? [[...p.players].sort().join('-')] : [])),
          ),
      )
      const round3 = after.divisions[0]?.rounds[2]?.pairings ?? []
      expect(round3.filter((p) => p.kind === 'game')).toHaveLength(3)
      expect(
        round3.filter((p) => p.kind === 'game' && met.has([...p.players].sort().join('-'))),
      ).toEqual([])
    },
  )
})

describe('issue 32: splitting a division from the Players screen', () => {
  const six = sixBeforePlay
  const state = applyAll(six)

  test('the review says who stays and who leaves, with their numbers, before the command is given', () => {
    const review = reviewSplit(state, 'A', ' A2 ', { kind: 'rating', atLeast: 1600 })
    if (!review.ok) throw new Error(review.error.message)
    const words = (list: typeof review.value.staying) =>
      list.map((x) => `${x.player.name} #${String(x.player.id)}→#${String(x.newId)}`)
    expect([words(review.value.staying), words(review.value.leaving)]).toEqual([
      ['Bob #2→#1', 'Dan #4→#2', 'Eve #5→#3'],
      ['Ann #1→#1', 'Fay #6→#2', 'Cy #3→#3'],
    ])
    expect(review.value.command).toEqual({
      type: 'splitDivision',
      division: 'A',
      name: 'A2',
      by: { kind: 'rating', atLeast: 1600 },
    })
    expect(run(state, review.value.command)).toEqual(review.value.state)
  })

  test('a list carries the keys the desk saw; the review refuses as the engine would', () => {
    const review = reviewSplit(state, 'A', 'A2', { kind: 'list', players: [2] })
    expect(review.ok && review.value.command.by).toEqual({
      kind: 'list',
      players: [2],
      keys: [{ player: 2, key: state.divisions[0]?.players[1]?.key }],
    })
    const refused = reviewSplit(state, 'A', 'A2', { kind: 'top', count: 6 })
    expect(refused.ok ? null : refused.error.code).toBe('division.split.empty-side')
  })

  test('review → split → A2 paired and played → standings and the tsh files of both divisions', () => {
    const review = reviewSplit(state, 'A', 'A2', { kind: 'top', count: 3 })
    if (!review.ok) throw new Error(review.error.message)
    const split = run(state, review.value.command)
    const proposal = proposePairing(split, 'A2', 1, { seed: 1 })
    if (!proposal.ok) throw new Error(proposal.error.message)
    const paired = run(split, proposal.value.command)
    const game = paired.divisions[1]?.rounds[0]?.pairings.find((p) => p.kind === 'game')
    if (game?.kind !== 'game') throw new Error('A2 has a game in round 1')
    const after = run(paired, {
      type: 'recordResult',
      division: 'A2',
      round: 1,
      game: { table: game.table },
      result: played(game.players, [400, 350]),
    })
    const rows = standingsAsOf(after, 'A2', 1)
    expect(rows.ok && rows.value.map((r) => r.name).sort()).toEqual(['Ann', 'Cy', 'Fay'])
    expect(config(after)).toContain('division A a.t')
    expect(config(after)).toContain('division A2 a2.t')
    const files = tshEventFiles(after)
    const text = (name: string) =>
      files.ok ? (files.value.files.find((f) => f.division === name)?.text ?? '') : ''
    expect(
      text('A')
        .split('\n')
        .filter((l) => l !== '')
        .map((l) => l.split(' ')[0]),
    ).toEqual(['Bob', 'Dan', 'Eve'])
    expect(
      text('A2')
        .split('\n')
        .filter((l) => l !== '')
        .map((l) => l.split(' ')[0]),
    ).toEqual(['Ann', 'Fay', 'Cy'])
    // Undone, the one division comes back as it was.
    const log = logOf([...six, review.value.command])
    const undone = planControl(ID, log, { type: 'undo', seq: six.length }, STAMP)
    expect(undone.ok && undone.value.state).toEqual(state)
  })
})
