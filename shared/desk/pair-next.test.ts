import { autoPlan } from '../pairing/auto-plan'
import { stepIndexFor } from '../tournament/plan'
import { describe, expect, test } from 'vitest'
import { rulesFromPreset } from '../rules/presets'
import { apply } from '../tournament/apply'
import type { Command, PairingSpec } from '../tournament/commands'
import { applyAll, ID, logOf, played } from '../tournament/test-support/event'
import {
  DEFAULT_PLAN,
  type Division,
  type PlanStep,
  type TournamentState,
} from '../tournament/types'
import { readTournamentFile, writeTournamentFile } from '../formats/tournament-file'
import { readTFile } from '../formats/t-file'
import { importTDivision } from '../formats/t-import'
import { seededRng, shuffled } from '../random'
import { describeCommand } from '../tournament/describe'
import {
  allRoundsPaired,
  basisOf,
  describeRoundPlan,
  describeWarning,
  effectivePlan,
  leftOutByCheckIn,
  roundPlanFor,
  usesAutoPlan,
  nextRoundNumber,
  pairingWarnings,
  planStepFor,
  proposePairing,
  type PairingProposal,
} from './pair-next'
import { deskEvent, deskSetup, PAIR_ROUND_1 } from './test-support/desk-event'
import { playEvent } from './test-support/played-event'

const nsa = rulesFromPreset('nsa1995')

function run(state: TournamentState, ...commands: Command[]): TournamentState {
  return commands.reduce((s, c) => {
    const next = apply(s, c, ID)
    if (!next.ok) throw new Error(`${c.type}: ${next.error.code} ${next.error.message}`)
    return next.value
  }, state)
}

const result = (
  round: number,
  table: number,
  players: readonly [number, number],
  scores: readonly [number, number],
  first?: number,
): Command => ({
  type: 'recordResult',
  division: 'A',
  round,
  game: { table },
  result: played(players, scores, nsa),
  ...(first === undefined ? {} : { first }),
})

/** The desk event with round 1's results in: Ann, Joanne and Ed win; Fay had the bye. */
const afterRound1 = deskEvent('nsa1995', [
  result(1, 1, [1, 2], [420, 380]),
  result(1, 2, [3, 4], [410, 300]),
  result(1, 3, [5, 6], [390, 385]),
]).state

function proposal(
  state: TournamentState,
  round: number,
  options: Parameters<typeof proposePairing>[3] = { seed: 1 },
): PairingProposal {
  const proposed = proposePairing(state, 'A', round, options)
  if (!proposed.ok) throw new Error(`${proposed.error.code}: ${proposed.error.message}`)
  return proposed.value
}

function seated(pairings: readonly PairingSpec[]): number[] {
  return pairings.flatMap((p) => (p.kind === 'game' ? [...p.players] : [p.player])).sort()
}

describe('the plan decides how each round is paired (design.md, "Pairing")', () => {
  const division = afterRound1.divisions[0]
  if (division === undefined) throw new Error('no division')
  const plan: PlanStep[] = [
    { fromRound: 1, system: 'fontes', basedOn: 'previous', maxRepeats: 0 },
    { fromRound: 4, system: 'swiss', basedOn: 'lagged', maxRepeats: 1 },
    { fromRound: 8, system: 'koth', basedOn: 'previous', maxRepeats: 2 },
  ]
  test.each([
    { round: 1, system: 'fontes' },
    { round: 3, system: 'fontes' },
    { round: 4, system: 'swiss' },
    { round: 7, system: 'swiss' },
    { round: 8, system: 'koth' },
    { round: 12, system: 'koth' },
  ])('round $round is paired by $system', ({ round, system }) => {
    expect(planStepFor({ ...division, plan }, round, 12).system).toBe(system)
  })

  test('no plan is the explicit automatic state: the automatic plan for the active field and the rounds (auto-plan.ts)', () => {
    const active = division.players.filter((p) => p.status.kind === 'active').length
    // Before any round is paired, so the automatic round robin follows its own history.
    const fresh = { ...division, rounds: [] }
    for (const round of [1, 2, 5, 12]) {
      const auto = autoPlan(active, 12)
      expect(planStepFor({ ...fresh, plan: [] }, round, 12)).toEqual(
        auto[stepIndexFor(auto, round)],
      )
    }
    expect(planStepFor({ ...division, plan: [] }, 1, 12).maxRepeats).toBeNull()
  })

  test('a saved plan equal to the old default (by rating, Swiss, no repeats) is kept as saved (issue 20)', () => {
    const saved = { ...division, plan: DEFAULT_PLAN }
    expect(usesAutoPlan(saved)).toBe(false)
    expect(effectivePlan(saved, 12)).toEqual(DEFAULT_PLAN)
    expect(planStepFor(saved, 1, 12).system).toBe('rating')
    expect(planStepFor(saved, 2, 12)).toEqual(DEFAULT_PLAN[1])
  })

  test('the next round is the first not paired', () => {
    expect(nextRoundNumber(afterRound1, 'A')).toBe(2)
    expect(nextRoundNumber(afterRound1, 'Z')).toBe(1)
  })

  test.each([
    ['a 4-round event after round 1: rounds left', 4, [PAIR_ROUND_1], false],
    ['a 1-round event before round 1: round 1 left', 1, [], false],
    ['a 1-round event after round 1: every round paired', 1, [PAIR_ROUND_1], true],
  ])('%s', (_, rounds, more, done) => {
    const state = applyAll([...deskSetup('nsa1995', rounds), ...more])
    expect(allRoundsPaired(state, 'A')).toBe(done)
  })
})

describe('proposing the next round (issue 5: pair, review, publish)', () => {
  test('round 2 by Swiss: everyone once, the bye to someone who has not had one', () => {
    const proposed = proposal(afterRound1, 2)
    const { command } = proposed
    expect(command).toMatchObject({
      type: 'pairRound',
      division: 'A',
      round: 2,
      system: 'swiss',
      seed: 1,
    })
    expect(seated(command.pairings)).toEqual([1, 2, 3, 4, 5, 6, 7])
    const byes = command.pairings.filter((p) => p.kind === 'bye')
    expect(byes).toHaveLength(1)
    expect(byes[0]).not.toMatchObject({ player: 7 })
    expect(
      command.pairings.filter((p) => p.kind === 'game').map((p) => p.kind === 'game' && p.table),
    ).toEqual([1, 2, 3])
    for (const p of command.pairings) expect(p.reason).toBeTruthy()
    expect(proposed.summary[0]).toBe('Swiss on the standings after round 1')
    // The bye's reason has its own '; ' inside: it stays one line of the summary.
    const byeLines = proposed.summary.filter((line) => line.startsWith('bye:'))
    expect(byeLines).toHaveLength(1)
    expect(byeLines[0]).toMatch(/fewest byes.*lowest ranked/)
    expect(proposed.warnings).toEqual([])
    expect(proposed.replacesRound).toBe(false)
    // The proposal applies as it is.
    expect(apply(afterRound1, command, ID).ok).toBe(true)
  })

  test.each(['msa', 'wsc2003', 'msa-guide'] as const)(
    'MSA 1.2 (%s): the program draws for first from the proposal’s seed, and the command carries it',
    (preset) => {
      const state = applyAll(deskSetup(preset))
      const proposed = proposePairing(state, 'A', 1, { seed: 9 })
      if (!proposed.ok) throw new Error(proposed.error.code)
      const games = proposed.value.command.pairings.filter((p) => p.kind === 'game')
      expect(games).toHaveLength(3)
      for (const game of games) {
        expect(game.start).toMatchObject({ kind: 'rule', reason: { kind: 'program-draw' } })
        // The engine names the starter first, so the printed order and the decision agree.
        expect(game.start?.kind === 'rule' && game.start.starter).toBe(game.players[0])
      }
      const stored = apply(state, proposed.value.command, ID)
      if (!stored.ok) throw new Error(stored.error.code)
      const pairings = stored.value.divisions[0]?.rounds[0]?.pairings ?? []
      expect(pairings.flatMap((p) => (p.kind === 'game' ? [p.start] : []))).toEqual(
        games.map((g) => g.start),
      )
    },
  )

  test('the same seed gives the same proposal', () => {
    expect(proposal(afterRound1, 2, { seed: 5 })).toEqual(proposal(afterRound1, 2, { seed: 5 }))
  })

  test('the system can be chosen for this round only', () => {
    expect(proposal(afterRound1, 2, { seed: 1, system: 'koth' }).command.system).toBe('koth')
  })

  test('lagged pairing is based on the round before last', () => {
    const lagged = run(afterRound1, {
      type: 'setPairingPlan',
      division: 'A',
      plan: [{ fromRound: 1, system: 'swiss', basedOn: 'lagged', maxRepeats: 0 }],
    })
    const round2 = proposal(lagged, 2)
    expect(round2.summary[0]).toBe('Swiss on the ratings, before any game')
  })

  test('only players checked in on the day are paired; the others are listed as unpaired', () => {
    const day = '2026-03-14'
    const checked = run(
      afterRound1,
      ...[1, 2, 3, 4, 5].map((player): Command => ({
        type: 'checkIn',
        division: 'A',
        player,
        day,
      })),
    )
    const proposed = proposal(checked, 2, { seed: 1, onlyCheckedInOn: day })
    expect(seated(proposed.command.pairings)).toEqual([1, 2, 3, 4, 5])
    expect(proposed.warnings).toEqual([
      { kind: 'unpaired', player: 6 },
      { kind: 'unpaired', player: 7 },
    ])
    expect(proposed.warnings.map((w) => describeWarning(checked, 'A', w))).toEqual([
      'Cy Bobson (#6) is not paired',
      'Fay Wong (#7) is not paired',
    ])
  })

  test('issue 19: the proposal names whom the check-in left out; without the option, nobody', () => {
    const day = '2026-03-14'
    const checked = run(
      afterRound1,
      ...[1, 2, 3, 4, 5].map((player): Command => ({
        type: 'checkIn',
        division: 'A',
        player,
        day,
      })),
    )
    expect(proposal(checked, 2, { seed: 1, onlyCheckedInOn: day }).leftOut).toEqual([6, 7])
    expect(leftOutByCheckIn(checked, 'A', 2, day).map((p) => p.id)).toEqual([6, 7])
    expect(proposal(checked, 2, { seed: 1 }).leftOut).toEqual([])
  })

  test.each([
    { system: 'round-robin' as const, leftOut: [] },
    { system: 'double-round-robin' as const, leftOut: [] },
    { system: 'swiss' as const, leftOut: [3, 4] },
  ])(
    'issue 19 (NSA VII.J.2): a $system round 1 with 2 of 4 checked in leaves out $leftOut, before pairing and before pairing again',
    ({ system, leftOut }) => {
      const day = '2026-03-14'
      const [create] = deskSetup('nsa1995', 3)
      if (create === undefined) throw new Error('no create')
      const state = applyAll([
        create,
        { type: 'addDivision', name: 'A' },
        ...['Ann Smith', 'Bob Jones', 'Cy Bobson', 'Dan Lee'].map((name, i): Command => ({
          type: 'registerPlayer',
          division: 'A',
          player: { name, rating: 1800 - i * 100, memberId: '', club: '' },
        })),
        {
          type: 'setPairingPlan',
          division: 'A',
          plan: [{ fromRound: 1, system, basedOn: 'previous', maxRepeats: null }],
        },
        ...[1, 2].map((player): Command => ({ type: 'checkIn', division: 'A', player, day })),
      ])
      const ids = (s: TournamentState) => leftOutByCheckIn(s, 'A', 1, day).map((p) => p.id)
      // What the desk says before pairing is what the proposal then drops.
      expect(ids(state)).toEqual(leftOut)
      const proposed = proposal(state, 1, { seed: 1, onlyCheckedInOn: day })
      expect(proposed.leftOut).toEqual(leftOut)
      // Paired, the note for "pair again" says the same: a round robin's schedule seats them.
      expect(ids(run(state, proposed.command))).toEqual(leftOut)
      // The proposal's own system override is honoured ("pair by Swiss instead").
      expect(leftOutByCheckIn(state, 'A', 1, day, 'swiss').map((p) => p.id)).toEqual([3, 4])
    },
  )

  test.each([
    { case: 'a round two ahead', round: 3, code: 'round.out-of-order' },
    { case: 'a round beyond the event', round: 5, code: 'round.beyond-event' },
    { case: 'round 0', round: 0, code: 'round.invalid' },
  ])('refused: $case ($code)', ({ round, code }) => {
    expect(proposePairing(afterRound1, 'A', round, { seed: 1 })).toMatchObject({
      ok: false,
      error: { code },
    })
  })

  test('refused: re-pairing a round that has results (round.has-results)', () => {
    expect(proposePairing(afterRound1, 'A', 1, { seed: 1 })).toMatchObject({
      ok: false,
      error: { code: 'round.has-results' },
    })
  })

  test('refused: an unknown division', () => {
    expect(proposePairing(afterRound1, 'Z', 2, { seed: 1 })).toMatchObject({
      ok: false,
      error: { code: 'division.missing' },
    })
  })
})

describe('re-pairing keeps the director’s locked pairings (design.md: locked pairings are kept)', () => {
  const paired = run(afterRound1, proposal(afterRound1, 2).command)
  const table2 = paired.divisions[0]?.rounds[1]?.pairings.find(
    (p) => p.kind === 'game' && p.table === 2,
  )
  if (table2?.kind !== 'game') throw new Error('no table 2')
  // The director keeps table 2 as it is: it is locked.
  const edited = run(paired, {
    type: 'editPairing',
    division: 'A',
    round: 2,
    table: 2,
    change: { kind: 'lock', locked: true },
  })

  test('the locked table is kept where it is; the rest is paired again', () => {
    const again = proposal(edited, 2, { seed: 9 })
    expect(again.replacesRound).toBe(true)
    expect(again.command.pairings).toContainEqual(
      expect.objectContaining({ kind: 'game', table: 2, players: table2.players, locked: true }),
    )
    expect(again.command.pairings.filter((p) => p.locked === true)).toHaveLength(1)
    expect(seated(again.command.pairings)).toEqual([1, 2, 3, 4, 5, 6, 7])
    // One command replaces the round: the log never holds it unpaired in between.
    expect(again.command.replace).toBe(true)
    const reapplied = run(edited, again.command)
    expect(
      reapplied.divisions[0]?.rounds[1]?.pairings.find((p) => p.kind === 'game' && p.table === 2),
    ).toMatchObject({ players: table2.players, locked: true })
  })

  test('issue 19: a re-pair with only the checked-in players says whom it drops', () => {
    const day = '2026-03-14'
    const away = [1, 2, 3, 4, 5, 6, 7].find((id) => !table2.players.includes(id)) ?? 0
    const present = [1, 2, 3, 4, 5, 6, 7].filter((id) => id !== away)
    const checked = run(
      edited,
      ...present.map((player): Command => ({ type: 'checkIn', division: 'A', player, day })),
    )
    const again = proposal(checked, 2, { seed: 9, onlyCheckedInOn: day })
    expect(again.replacesRound).toBe(true)
    expect(again.leftOut).toEqual([away])
    expect(seated(again.command.pairings)).toEqual(present)
  })

  test('keepLocked: [] re-pairs the whole round', () => {
    const fresh = proposal(edited, 2, { seed: 9, keepLocked: [] })
    expect(fresh.command.pairings.every((p) => p.locked !== true)).toBe(true)
  })

  test('keepLocked can name a pairing the engine must keep at a table of the director’s choice', () => {
    const kept = proposal(afterRound1, 2, {
      seed: 1,
      keepLocked: [{ kind: 'game', table: 3, players: [1, 7] }],
    })
    expect(kept.command.pairings).toContainEqual(
      expect.objectContaining({ table: 3, players: [1, 7], locked: true }),
    )
    const tables = kept.command.pairings.flatMap((p) => (p.kind === 'game' ? [p.table] : []))
    expect([...tables].sort()).toEqual([1, 2, 3])
  })

  test('refused: two byes to keep', () => {
    expect(
      proposePairing(afterRound1, 'A', 2, {
        seed: 1,
        keepLocked: [
          { kind: 'bye', player: 1 },
          { kind: 'bye', player: 2 },
        ],
      }),
    ).toMatchObject({ ok: false, error: { code: 'pairing.locked.byes' } })
  })
})

describe('warnings on a paired or hand-edited round', () => {
  /** Four players who have all met once after three rounds; Ann went first in every game. */
  const four = applyAll([
    {
      type: 'createTournament',
      info: { name: 'Four', venue: '', startDate: '2026-03-14', endDate: '', rounds: 5 },
      rules: nsa,
    },
    { type: 'addDivision', name: 'A' },
    ...['Ann', 'Bob', 'Cy', 'Di'].map((name): Command => ({
      type: 'registerPlayer',
      division: 'A',
      player: { name, rating: 0, memberId: '', club: '' },
    })),
    ...(
      [
        [
          [1, 2],
          [3, 4],
        ],
        [
          [1, 3],
          [2, 4],
        ],
        [
          [1, 4],
          [2, 3],
        ],
      ] as const
    ).flatMap((tables, r): Command[] => [
      {
        type: 'pairRound',
        division: 'A',
        round: r + 1,
        pairings: tables.map((players, t) => ({ kind: 'game', table: t + 1, players })),
      },
      ...tables.map((players, t) => result(r + 1, t + 1, players, [400, 300], players[0])),
    ]),
  ])

  test('four players after a full round robin: Swiss must repeat, and says so', () => {
    const proposed = proposal(four, 4)
    const repeats = proposed.warnings.filter((w) => w.kind === 'repeat')
    expect(repeats).toHaveLength(2)
    for (const w of repeats) expect(w).toMatchObject({ times: 1 })
    expect(proposed.summary.some((line) => line.includes('2 repeats'))).toBe(true)
    expect(describeWarning(four, 'A', repeats[0] ?? ({} as never))).toMatch(
      /^Table \d: \w+ \(#\d\) and \w+ \(#\d\) have met once before$/,
    )
  })

  test('MSA 1.3, NSA II.F.1: a director’s starter giving Ann a fourth first in a row is flagged', () => {
    const round4 = run(four, {
      type: 'pairRound',
      division: 'A',
      round: 4,
      pairings: [
        { kind: 'game', table: 1, players: [1, 2], start: { kind: 'director', starter: 1 } },
        { kind: 'game', table: 2, players: [3, 4] },
      ],
    })
    const warnings = pairingWarnings(round4, 'A', 4)
    expect(warnings).toContainEqual({ kind: 'start-imbalance', player: 1, firsts: 4, seconds: 0 })
    expect(warnings).toContainEqual({ kind: 'repeat', table: 1, players: [1, 2], times: 1 })
    expect(
      describeWarning(round4, 'A', { kind: 'start-imbalance', player: 1, firsts: 4, seconds: 0 }),
    ).toBe('Ann (#1) would have 4 firsts and 0 seconds')
  })

  test('by the rules Ann (3 firsts) goes second and is not flagged; Bob and Cy, pushed two apart, are', () => {
    const round4 = run(four, {
      type: 'pairRound',
      division: 'A',
      round: 4,
      pairings: [
        { kind: 'game', table: 1, players: [1, 2] },
        { kind: 'game', table: 2, players: [3, 4] },
      ],
    })
    expect(pairingWarnings(round4, 'A', 4)).toEqual([
      { kind: 'repeat', table: 1, players: [1, 2], times: 1 },
      { kind: 'start-imbalance', player: 2, firsts: 3, seconds: 1 },
      { kind: 'repeat', table: 2, players: [3, 4], times: 1 },
      { kind: 'start-imbalance', player: 3, firsts: 1, seconds: 3 },
    ])
  })

  test('an unknown division or round has no warnings', () => {
    expect(pairingWarnings(four, 'A', 5)).toEqual([])
    expect(pairingWarnings(four, 'Z', 1)).toEqual([])
  })
})

describe('late entries in the pairing: missed rounds count as the preset says', () => {
  test('with forfeit losses a late entry is paired as 0–1, with the bye counted against them', () => {
    const rules = rulesFromPreset('nsa1995')
    const base = deskEvent('nsa1995').commands
    const create = base[0]
    if (create?.type !== 'createTournament') throw new Error('no create')
    const state = applyAll([
      {
        ...create,
        rules: { ...rules, results: { ...rules.results, lateEntryMissedRounds: 'forfeit-loss' } },
      },
      ...base.slice(1),
      ...deskEvent().commands.slice(base.length),
      result(1, 1, [1, 2], [420, 380]),
      result(1, 2, [3, 4], [410, 300]),
      result(1, 3, [5, 6], [390, 385]),
      {
        type: 'registerPlayer',
        division: 'A',
        player: { name: 'Gus', rating: 2500, memberId: '', club: '' },
      },
    ])
    const proposed = proposal(state, 2)
    expect(seated(proposed.command.pairings)).toEqual([1, 2, 3, 4, 5, 6, 7, 8])
    // Gus, the best rated but 0–1, meets one of the losers of round 1, not a winner.
    const gus = proposed.command.pairings.find((p) => p.kind === 'game' && p.players.includes(8))
    expect(gus?.kind === 'game' && gus.players.find((p) => p !== 8)).toSatisfy((p: number) =>
      [2, 4, 6].includes(p),
    )
  })
})

describe('issue 11: re-pairing is one command', () => {
  const { state } = deskEvent('nsa1995')
  const REPAIR = {
    type: 'pairRound',
    division: 'A',
    round: 1,
    system: 'manual',
    replace: true,
  } as const

  test('pairRound with replace swaps the last round in one step; the log has no gap', () => {
    const again: Command = {
      ...REPAIR,
      pairings: [
        { kind: 'game', table: 1, players: [1, 3] },
        { kind: 'game', table: 2, players: [2, 4] },
        { kind: 'game', table: 3, players: [5, 6] },
        { kind: 'bye', player: 7 },
      ],
    }
    const replaced = run(state, again)
    expect(replaced.divisions[0]?.rounds).toHaveLength(1)
    expect(replaced.divisions[0]?.rounds[0]?.pairings[0]).toMatchObject({ players: [1, 3] })
  })

  test('replace on a round not paired yet pairs it as usual (nothing to replace)', () => {
    const unpaired = run(state, { type: 'unpairRound', division: 'A', round: 1 })
    const paired = run(unpaired, {
      ...REPAIR,
      pairings: [{ kind: 'game', table: 1, players: [1, 2] }],
    })
    expect(paired.divisions[0]?.rounds).toHaveLength(1)
  })

  test('replace never reaches back past the last round', () => {
    const refused = apply(state, { ...REPAIR, round: 3, pairings: [] }, ID)
    expect(refused.ok ? 'applied' : refused.error.code).toBe('round.out-of-order')
  })

  test.each([
    {
      name: 'a round with a result entered cannot be replaced',
      before: [
        {
          type: 'recordResult',
          division: 'A',
          round: 1,
          game: { table: 1 },
          result: played([1, 2], [400, 300], nsa),
        },
      ] as Command[],
      pairings: PAIR_ROUND_1.type === 'pairRound' ? PAIR_ROUND_1.pairings : ([] as PairingSpec[]),
      code: 'round.has-results',
    },
    {
      name: 'a re-pair that seats a player twice is refused',
      before: [] as Command[],
      pairings: [
        { kind: 'game', table: 1, players: [1, 2] },
        { kind: 'game', table: 2, players: [1, 3] },
      ] as PairingSpec[],
      code: 'pairing.player-twice',
    },
  ])('$name, and the round stays as it was', ({ before, pairings, code }) => {
    const base = run(state, ...before)
    const refused = apply(base, { ...REPAIR, pairings }, ID)
    expect(refused.ok ? 'applied' : refused.error.code).toBe(code)
    expect(base.divisions[0]?.rounds).toHaveLength(1)
  })
})

describe('issue 11: table numbers offset per division (two divisions in one hall)', () => {
  test.each([
    { offset: 0, tables: [1, 2, 3] },
    { offset: 30, tables: [31, 32, 33] },
  ])('tables start at $offset + 1', ({ offset, tables }) => {
    const state = run(afterRound1, { type: 'setTableOffset', division: 'A', offset })
    const games = proposal(state, 2).command.pairings.flatMap((p) =>
      p.kind === 'game' ? [p.table] : [],
    )
    expect(games).toEqual(tables)
  })

  test.each([
    { offset: -1, name: 'a negative offset' },
    { offset: 2.5, name: 'a fraction' },
    { offset: 9001, name: 'past table 9001' },
  ])('$name is refused with the division named', ({ offset }) => {
    const refused = apply(afterRound1, { type: 'setTableOffset', division: 'A', offset }, ID)
    expect(refused.ok ? 'applied' : refused.error.code).toBe('division.table-offset.invalid')
    expect(refused.ok ? '' : refused.error.message).toContain('division A')
  })
})

describe('"automatic" is a state of the log, never a plan\'s shape (issue 20)', () => {
  const created = deskSetup('nsa1995', 12)

  test('an old log whose division was only ever created (its old default plan) is automatic', () => {
    // Logs written when a division was created with the old default hold no setPairingPlan.
    const state = applyAll(created)
    expect(state.divisions[0]?.plan).toEqual([])
    expect(usesAutoPlan(state.divisions[0] as Division)).toBe(true)
  })

  test('the director saving exactly the old default keeps it, and History says so', () => {
    const save: Command = { type: 'setPairingPlan', division: 'A', plan: DEFAULT_PLAN }
    const state = applyAll([...created, save])
    const found = state.divisions[0] as Division
    expect(usesAutoPlan(found)).toBe(false)
    expect(planStepFor(found, 1, 12).system).toBe('rating')
    expect(describeCommand(save, state)).toBe(
      'Pairing plan: from round 1: seeded by rating; from round 2: Swiss',
    )
    const back: Command = { type: 'setPairingPlan', division: 'A', plan: [] }
    expect(usesAutoPlan(applyAll([...created, save, back]).divisions[0] as Division)).toBe(true)
    expect(describeCommand(back, state)).toBe('Pairing plan: automatic')
  })

  test('the tournament file keeps a saved old default and the automatic state apart', () => {
    const log = logOf([...created, { type: 'setPairingPlan', division: 'A', plan: DEFAULT_PLAN }])
    const read = readTournamentFile(writeTournamentFile(ID, log, '2026-03-14T09:00:00Z'))
    if (!read.ok) throw new Error(read.error.message)
    expect(read.value.state.divisions[0]?.plan).toEqual(DEFAULT_PLAN)
    const auto = readTournamentFile(writeTournamentFile(ID, logOf(created), '2026-03-14T09:00:00Z'))
    if (!auto.ok) throw new Error(auto.error.message)
    expect(auto.value.state.divisions[0]?.plan).toEqual([])
  })
})

describe("lag only inside a session (tsh's session_breaks)", () => {
  const lagged: PlanStep = { fromRound: 2, system: 'swiss', basedOn: 'lagged', maxRepeats: null }
  const previous: PlanStep = { ...lagged, basedOn: 'previous' }
  test.each([
    // Breaks after rounds 7 and 12 (the MGI 2022 config.tsh: session_breaks = [7,12]).
    { step: lagged, round: 2, breaks: [7, 12], basis: 0 },
    { step: lagged, round: 3, breaks: [7, 12], basis: 1 },
    { step: lagged, round: 7, breaks: [7, 12], basis: 5 },
    // The first round after a break waits for the latest standings.
    { step: lagged, round: 8, breaks: [7, 12], basis: 7 },
    { step: lagged, round: 9, breaks: [7, 12], basis: 7 },
    { step: lagged, round: 10, breaks: [7, 12], basis: 8 },
    { step: lagged, round: 13, breaks: [7, 12], basis: 12 },
    // No breaks: one session, lagged throughout.
    { step: lagged, round: 8, breaks: [], basis: 6 },
    // A step on the previous round is never lagged.
    { step: previous, round: 9, breaks: [7], basis: 8 },
    { step: previous, round: 1, breaks: [], basis: 0 },
  ])(
    '$step.basedOn round $round, breaks $breaks: on round $basis',
    ({ step, round, breaks, basis }) => {
      expect(basisOf(step, round, breaks)).toBe(basis)
    },
  )

  test('the automatic plan of a 109-player event lags inside its sessions only', () => {
    const big = applyAll([...bigEvent(109, 14, [7])]).divisions[0] as Division
    const bases = [6, 7, 8, 9, 10, 14].map((r) => roundPlanFor(big, r, 14, [7]).basis)
    expect(bases).toEqual([4, 5, 7, 7, 8, 13])
    // Without breaks nothing is lagged (auto-plan.ts: lag costs fairness).
    expect([6, 8, 14].map((r) => roundPlanFor(big, r, 14).basis)).toEqual([5, 7, 13])
  })
})

/** An event of `players` players and `rounds` rounds with these session breaks, no round paired. */
function bigEvent(players: number, rounds: number, breaks: readonly number[]): Command[] {
  return [
    {
      type: 'createTournament',
      info: {
        name: 'Big Open',
        venue: 'Hall',
        startDate: '2026-03-14',
        endDate: '2026-03-15',
        rounds,
        ...(breaks.length === 0 ? {} : { sessionBreaks: breaks }),
      },
      rules: nsa,
    },
    { type: 'addDivision', name: 'A' },
    {
      type: 'registerPlayers',
      division: 'A',
      players: Array.from({ length: players }, (_, i) => ({
        player: {
          name: `Player ${String(i + 1).padStart(3, '0')}`,
          rating: 2000 - i,
          memberId: '',
          club: '',
        },
      })),
    },
  ]
}

/**
 * A tsh `.t` division of `players` (even) players after `played` rounds, paired as another program
 * would: a seeded random draw each round with no repeat; scores made up from the ids.
 */
function tshHistory(players: number, played: number): string {
  const rng = seededRng(18)
  const opponents: number[][] = Array.from({ length: players }, () => [])
  const scores: number[][] = Array.from({ length: players }, () => [])
  for (let k = 0; k < played; k++) {
    let pairs: [number, number][] = []
    for (let attempt = 0; attempt < 1000 && pairs.length < players / 2; attempt++) {
      pairs = []
      const left = shuffled(
        Array.from({ length: players }, (_, i) => i + 1),
        rng,
      )
      while (left.length > 0) {
        const a = left.shift() as number
        const at = left.findIndex((b) => !(opponents[a - 1] ?? []).includes(b))
        if (at < 0) break
        pairs.push([a, left.splice(at, 1)[0] as number])
      }
    }
    for (const [a, b] of pairs) {
      opponents[a - 1]?.push(b)
      opponents[b - 1]?.push(a)
      const sa = 300 + ((a * 37 + k * 11) % 200)
      const sb = 300 + ((b * 53 + k * 7) % 200)
      scores[a - 1]?.push(sa)
      scores[b - 1]?.push(sb === sa ? sb + 1 : sb)
    }
  }
  return opponents
    .map(
      (opps, i) =>
        `Player, P${String(i + 1).padStart(2, '0')} ${2000 - i * 10} ${opps.join(' ')}; ${(scores[i] ?? []).join(' ')}`,
    )
    .join('\n')
}

function importedEvent(players: number, played: number, rounds: number): TournamentState {
  const { file } = readTFile(tshHistory(players, played))
  const imported = importTDivision(file, { division: 'A', rules: nsa, rounds })
  if (!imported.ok) throw new Error(imported.error.message)
  return applyAll([
    {
      type: 'createTournament',
      info: { name: 'Imported', venue: '', startDate: '2026-03-14', endDate: '2026-03-14', rounds },
      rules: nsa,
    },
    { type: 'addDivision', name: 'A' },
    ...imported.value.commands,
  ])
}

describe('a schedule step applies only to the history it made (issue 18)', () => {
  test('tsh import, 24 players x 23 rounds after 10 rounds without a repeat: the round robin goes on (issue 29)', () => {
    const state = importedEvent(24, 10, 23)
    const found = state.divisions[0] as Division
    // The automatic plan for 24 x 23 is one round robin (auto-plan.ts)...
    expect(effectivePlan(found, 23)[0]?.system).toBe('round-robin')
    // ...and the imported rounds, paired by another program, are one so far: it is finished.
    const plan = roundPlanFor(found, 11, 23)
    expect(plan.step.system).toBe('round-robin')
    expect(plan.scheduleBreak).toBeNull()
    expect(describeRoundPlan(plan, 11)).toBe(
      'Round 11: round robin — rounds 1–10 are a round robin; continuing it',
    )
    const proposed = proposal(state, 11)
    expect(proposed.command.system).toBe('round-robin')
    expect(proposed.summary[0]).toBe(describeRoundPlan(plan, 11))
    expect(proposed.warnings.filter((w) => w.kind === 'repeat')).toEqual([])
  })

  test('a history that is not a round robin (a pair met twice): Swiss, said in words (issue 29)', () => {
    let state = applyAll(bigEvent(6, 5, []))
    state = run(state, proposal(state, 1).command)
    const round1 = state.divisions[0]?.rounds[0]?.pairings ?? []
    // Round 2 typed by hand as round 1 again.
    state = run(state, {
      type: 'pairRound',
      division: 'A',
      round: 2,
      system: 'manual',
      pairings: round1.map((p): PairingSpec =>
        p.kind === 'game'
          ? { kind: 'game', table: p.table, players: p.players }
          : { kind: 'bye', player: p.player },
      ),
    })
    const [a, b] = (round1[0]?.kind === 'game' ? [...round1[0].players] : []).sort((x, y) => x - y)
    const plan = roundPlanFor(state.divisions[0] as Division, 3, 5)
    expect(plan.step.system).toBe('swiss')
    expect(describeRoundPlan(plan, 3)).toBe(
      `Round 3: Swiss — rounds 1–2 are not a round robin (#${String(a)} and #${String(b)} met again in round 2)`,
    )
    const mine = run(state, {
      type: 'setPairingPlan',
      division: 'A',
      plan: [{ fromRound: 1, system: 'round-robin', basedOn: 'previous', maxRepeats: null }],
    })
    const kept = roundPlanFor(mine.divisions[0] as Division, 3, 5)
    expect(kept.step.system).toBe('round-robin')
    expect(describeRoundPlan(kept, 3)).toBe(
      `Round 3: round robin as your plan says, but rounds 1–2 are not a round robin (#${String(a)} and #${String(b)} met again in round 2): its pairings may repeat games. Pair by Swiss instead, or change the plan.`,
    )
  })

  test('the automatic round robin goes on while its own rounds are the history', () => {
    let state = applyAll(bigEvent(6, 5, []))
    for (let round = 1; round <= 3; round++) {
      const step = roundPlanFor(state.divisions[0] as Division, round, 5)
      expect(step.step.system).toBe('round-robin')
      expect(step.scheduleBreak).toBeNull()
      state = run(state, proposal(state, round).command)
    }
    // Every pair of the 6 played at most once in rounds 1–3 and round 4 goes on with the schedule.
    expect(proposal(state, 4).command.system).toBe('round-robin')
  })

  test.each([['paired by hand (a swapped table)'], ['paired by Swiss']])(
    'a round robin round %s is still a round robin: the next round goes on with it (issue 29)',
    (how) => {
      let state = applyAll(bigEvent(6, 5, []))
      state = run(state, proposal(state, 1).command)
      if (how.startsWith('paired by hand')) {
        state = run(state, {
          type: 'editPairing',
          division: 'A',
          round: 1,
          table: 1,
          change: { kind: 'swap', player: firstPlayerAt(state, 1), with: firstPlayerAt(state, 2) },
        })
      } else {
        state = run(
          state,
          { type: 'unpairRound', division: 'A', round: 1 },
          proposal(state, 1, { seed: 1, system: 'swiss' }).command,
        )
      }
      const plan = roundPlanFor(state.divisions[0] as Division, 2, 5)
      expect(plan.scheduleBreak).toBeNull()
      expect(plan.step.system).toBe('round-robin')
      expect(describeRoundPlan(plan, 2)).toBe(
        'Round 2: round robin — round 1 is a round robin; continuing it',
      )
      for (let round = 2; round <= 5; round++) {
        const next = proposal(state, round)
        expect(next.command.system).toBe('round-robin')
        expect(next.warnings.filter((w) => w.kind === 'repeat')).toEqual([])
        state = run(state, next.command)
      }
    },
  )

  test('Initial Fontes after a round 1 it did not make: round 2 is Swiss, no back-to-back rematch', () => {
    let state = applyAll(bigEvent(20, 12, []))
    const r1 = proposal(state, 1, { seed: 3, system: 'random' })
    state = run(state, r1.command)
    const found = state.divisions[0] as Division
    expect(effectivePlan(found, 12)[0]?.system).toBe('fontes')
    expect(roundPlanFor(found, 2, 12).step.system).toBe('swiss')
    const r2 = proposal(state, 2)
    expect(r2.command.system).toBe('swiss')
    expect(r2.warnings.filter((w) => w.kind === 'repeat')).toEqual([])
  })

  test("a director's own round robin over an imported round robin goes on with it (issue 29)", () => {
    const mine: PlanStep[] = [
      { fromRound: 1, system: 'round-robin', basedOn: 'previous', maxRepeats: null },
    ]
    const state = run(importedEvent(24, 10, 23), {
      type: 'setPairingPlan',
      division: 'A',
      plan: mine,
    })
    const plan = roundPlanFor(state.divisions[0] as Division, 11, 23)
    expect(plan.step.system).toBe('round-robin')
    const words = describeRoundPlan(plan, 11)
    expect(words).toBe('Round 11: round robin — rounds 1–10 are a round robin; continuing it')
    expect(proposal(state, 11).summary[0]).toBe(words)
  })
})

function firstPlayerAt(state: TournamentState, table: number): number {
  const p = state.divisions[0]?.rounds[0]?.pairings.find(
    (x) => x.kind === 'game' && x.table === table,
  )
  if (p?.kind !== 'game') throw new Error(`no table ${table}`)
  return p.players[0]
}

describe('issue 28: a double round robin’s second cycle is the plan, not a repeat', () => {
  const drr = (players: number, rounds: number, play = rounds) =>
    playEvent({
      players,
      rounds,
      seed: 11,
      play,
      plan: [{ fromRound: 1, system: 'double-round-robin', basedOn: 'previous', maxRepeats: null }],
    }).state
  const repeats = (state: TournamentState, round: number) =>
    pairingWarnings(state, 'A', round).filter((w) => w.kind === 'repeat').length

  test.each([
    { name: '4 players, round 4: every pair met once in cycle 1', players: 4, round: 4 },
    { name: '4 players, round 6: the last of cycle 2', players: 4, round: 6 },
    { name: '5 players (a bye each round), round 7', players: 5, round: 7 },
  ])('$name', ({ players, round }) => {
    const rounds = players % 2 === 0 ? 2 * (players - 1) : 2 * players
    expect(repeats(drr(players, rounds), round)).toBe(0)
  })

  test('a repeat the schedule did not make (round 3 typed by hand) is still named', () => {
    const state = drr(4, 6, 2)
    const round1 = state.divisions[0]!.rounds[0]!.pairings
    const again = run(state, {
      type: 'pairRound',
      division: 'A',
      round: 3,
      system: 'manual',
      pairings: round1.map((p): PairingSpec =>
        p.kind === 'game'
          ? { kind: 'game', table: p.table, players: p.players }
          : { kind: 'bye', player: p.player },
      ),
    })
    expect(repeats(again, 3)).toBe(2)
  })
})
