import fc from 'fast-check'
import { describe, expect, test } from 'vitest'
import { seededRng, shuffled } from '../random'
import { gameOutcome, type GameResult, type PlayerId } from '../results/game-result'
import type { PresetId } from '../rules/rule-set'
import { apply, fold } from './apply'
import type { Command, LogControl, LoggedCommand } from './commands'
import {
  commandRound,
  defaultRedoTarget,
  defaultUndoTarget,
  fingerprint,
  logAsOfRound,
  planControl,
  sharedPrefix,
  stateAsOfRound,
  undoneBy,
} from './log'
import { checkPlayable } from './lookup'
import {
  applyAll,
  create,
  deepFreeze,
  ID,
  logOf,
  played,
  register,
  WORKED_EXAMPLE_LOG,
} from './test-support/event'
import type { Division, TournamentState } from './types'
import { playerHistory } from './views'

const STAMP = { at: '2026-03-14T10:00:00.000Z', desk: 'desk-a' }

/** Appends an undo or redo the way a desk does, failing the test if it is refused. */
function control(log: readonly LoggedCommand[], command: LogControl, desk = 'desk-a') {
  const planned = planControl(ID, log, command, { ...STAMP, desk })
  if (!planned.ok) throw new Error(planned.error.message)
  return { log: [...log, planned.value.entry], state: planned.value.state }
}

describe('undo is a command (issue 13: nothing is ever deleted from the log)', () => {
  test('undoing the last result folds to the state before it and keeps both commands in the log', () => {
    const log = logOf(WORKED_EXAMPLE_LOG)
    const last = log.length - 1
    const undone = control(log, { type: 'undo', seq: last })
    expect(undone.log).toHaveLength(log.length + 1)
    expect(undone.log.slice(0, -1)).toEqual(log)
    expect(undone.state).toEqual(applyAll(WORKED_EXAMPLE_LOG.slice(0, -1)))
    expect(fold(ID, undone.log)).toEqual({ ok: true, value: undone.state })
  })

  test('undo then redo round-trips to the state with the command in force', () => {
    const log = logOf(WORKED_EXAMPLE_LOG)
    const before = fold(ID, log)
    const seq = log.length - 2
    const undone = control(log, { type: 'undo', seq })
    expect(undone.state).not.toEqual(before.ok && before.value)
    const redone = control(undone.log, { type: 'redo', seq })
    expect(redone.state).toEqual(before.ok && before.value)
    expect(undoneBy(undone.log).get(seq)).toBe(log.length)
    expect(undoneBy(redone.log).has(seq)).toBe(false)
  })

  test.each<{ name: string; command: (n: number) => LogControl; code: string }>([
    { name: 'the creation', command: () => ({ type: 'undo', seq: 0 }), code: 'undo.not-undoable' },
    {
      name: 'a later command',
      command: (n) => ({ type: 'undo', seq: n + 3 }),
      code: 'undo.target-missing',
    },
    {
      name: 'a redo of a command in force',
      command: (n) => ({ type: 'redo', seq: n - 1 }),
      code: 'redo.not-undone',
    },
  ])('a log that undoes $name does not fold and names the undo', ({ command, code }) => {
    const log = logOf(WORKED_EXAMPLE_LOG)
    const damaged = [...log, { seq: log.length, at: STAMP.at, command: command(log.length) }]
    expect(fold(ID, damaged)).toMatchObject({ ok: false, error: { code, seq: log.length } })
  })

  test('undoing twice is refused; undoing a pairing a result builds on names the result', () => {
    const log = logOf(WORKED_EXAMPLE_LOG)
    const once = control(log, { type: 'undo', seq: log.length - 1 })
    expect(planControl(ID, once.log, { type: 'undo', seq: log.length - 1 }, STAMP)).toMatchObject({
      ok: false,
      error: { code: 'undo.already-undone' },
    })
    const pairing = log.findIndex((e) => e.command.type === 'pairRound')
    const blocked = planControl(ID, log, { type: 'undo', seq: pairing }, STAMP)
    expect(blocked).toMatchObject({ ok: false, error: { code: 'undo.blocked' } })
    expect(!blocked.ok && blocked.error.details?.['blocking']).toBeGreaterThan(pairing)
  })

  test("a desk's Undo takes its own newest command, never another desk's, and skips what is undone", () => {
    const commands = logOf(WORKED_EXAMPLE_LOG)
    const log = commands.map((entry, i) => ({ ...entry, desk: i % 2 === 0 ? 'desk-a' : 'desk-b' }))
    const lastA = log.filter((e) => e.desk === 'desk-a').at(-1)
    const lastB = log.filter((e) => e.desk === 'desk-b').at(-1)
    expect(defaultUndoTarget(log, 'desk-a')).toBe(lastA)
    expect(defaultUndoTarget(log, 'desk-b')).toBe(lastB)
    expect(defaultUndoTarget(log, 'desk-c')).toBeUndefined()
    const undone = control(log, { type: 'undo', seq: lastA?.seq ?? -1 })
    expect(defaultUndoTarget(undone.log, 'desk-a')?.seq).toBeLessThan(lastA?.seq ?? 0)
    expect(defaultRedoTarget(undone.log, 'desk-a')).toBe(lastA)
    expect(defaultRedoTarget(undone.log, 'desk-b')).toBeUndefined()
  })

  test('a log written before desks were recorded can still be undone from any desk', () => {
    const log = logOf(WORKED_EXAMPLE_LOG)
    expect(defaultUndoTarget(log, 'desk-z')).toBe(log.at(-1))
    expect(defaultUndoTarget(logOf(WORKED_EXAMPLE_LOG.slice(0, 1)), 'desk-z')).toBeUndefined()
  })

  test('the fingerprint of a command changes with any of its fields', () => {
    const [first] = logOf(WORKED_EXAMPLE_LOG)
    if (!first) throw new Error('empty')
    const print = fingerprint(first)
    expect(fingerprint(structuredClone(first))).toBe(print)
    expect(fingerprint({ ...first, seq: 1 })).not.toBe(print)
    expect(fingerprint({ ...first, at: 'x' })).not.toBe(print)
    expect(fingerprint({ ...first, desk: 'desk-a' })).not.toBe(print)
  })
})

describe('the log as of a round', () => {
  test.each<{ command: Command; round: number | null }>([
    { command: create(), round: null },
    { command: register('Ann'), round: null },
    { command: { ...(register('Ann') as object), firstRound: 4 } as Command, round: 4 },
    { command: { type: 'withdrawPlayer', division: 'A', player: 1, fromRound: 3 }, round: 3 },
    { command: { type: 'reinstatePlayer', division: 'A', player: 1 }, round: null },
    { command: { type: 'unpairRound', division: 'A', round: 2 }, round: 2 },
    { command: { type: 'issueWarning', division: 'A', player: 1, round: 5, reason: '' }, round: 5 },
  ])('$command.type is about round $round', ({ command, round }) => {
    expect(commandRound(command)).toBe(round)
  })

  test('a late correction to round 1 is not in the event as it stood after round 1', () => {
    const correction: Command = {
      type: 'correctResult',
      division: 'A',
      round: 1,
      game: { table: 1 },
      result: played([1, 2], [380, 420]),
    }
    const log = logOf([...WORKED_EXAMPLE_LOG, correction])
    expect(logAsOfRound(log, 1)).toHaveLength(10)
    expect(logAsOfRound(log, 3)).toHaveLength(log.length)
    expect(stateAsOfRound(ID, log, -1)).toMatchObject({
      ok: false,
      error: { code: 'round.invalid' },
    })
  })
})

/** What a director might try next, as numbers an interpreter turns into a command. */
const intent = fc.record({
  op: fc.nat(12),
  a: fc.nat(40),
  b: fc.nat(40),
  c: fc.nat(100_000),
})
type Intent = typeof intent extends fc.Arbitrary<infer T> ? T : never

function pick<T>(items: readonly T[], n: number): T | undefined {
  return items.length === 0 ? undefined : items[n % items.length]
}

function someResult(players: readonly [PlayerId, PlayerId], { b, c }: Intent): GameResult {
  switch (b % 5) {
    case 0:
      return {
        kind: 'forfeit',
        winner: players[c % 2] as number,
        loser: players[1 - (c % 2)] as number,
        reason: 'no-show',
        spread: 50,
        rated: false,
      }
    case 1:
      return { kind: 'doubleForfeit', players, spread: 50 }
    case 2:
      return { kind: 'unplayed', players }
  }
  return played(players, [250 + (c % 300), 250 + ((c >> 3) % 300)], undefined, [
    0,
    b % 3 === 0 ? c % 200 : 0,
  ])
}

/** Turns an intent into a command about the current state; many are valid, some are refused. */
function commandFor(state: TournamentState, x: Intent): Command {
  const division = state.divisions[0] as Division
  const n = division.players.length
  const rounds = division.rounds
  const round = pick(rounds, x.a)
  const games = round?.pairings.flatMap((p, i) => (p.kind === 'game' ? [{ p, i }] : [])) ?? []
  const game = pick(games, x.b)
  const d = 'A'
  switch (x.op) {
    case 0:
    case 1: {
      const number = rounds.length + 1
      const playable = division.players.filter((p) => checkPlayable(p, number).ok).map((p) => p.id)
      const order = shuffled(playable, seededRng(x.c))
      const pairings = []
      for (let i = 0; i + 1 < order.length; i += 2) {
        pairings.push({
          kind: 'game' as const,
          table: i / 2 + 1,
          players: [order[i], order[i + 1]] as [number, number],
        })
      }
      const odd = order.length % 2 === 1 ? order[order.length - 1] : undefined
      return {
        type: 'pairRound',
        division: d,
        round: number,
        seed: x.c,
        pairings: odd === undefined ? pairings : [...pairings, { kind: 'bye', player: odd }],
      }
    }
    case 2:
    case 3:
      return {
        type: x.op === 2 ? 'recordResult' : 'correctResult',
        division: d,
        round: round?.number ?? 1,
        game: { table: game?.p.kind === 'game' ? game.p.table : 1 },
        result: someResult(game?.p.kind === 'game' ? game.p.players : [1, 2], x),
      }
    case 4:
      return {
        type: 'withdrawPlayer',
        division: d,
        player: (x.a % n) + 1,
        fromRound: (x.b % 5) + 1,
      }
    case 5:
      return { type: 'reinstatePlayer', division: d, player: (x.a % n) + 1 }
    case 6:
      return {
        type: 'editPairing',
        division: d,
        round: round?.number ?? 1,
        table: game?.p.kind === 'game' ? game.p.table : 1,
        change:
          x.c % 3 === 0
            ? { kind: 'lock', locked: x.c % 2 === 0 }
            : {
                kind: 'swap',
                player: game?.p.kind === 'game' ? (game.p.players[x.c % 2] as number) : 1,
                with: (x.b % n) + 1,
              },
      }
    case 7:
      return { type: 'unpairRound', division: d, round: rounds.length }
    case 8:
      return {
        type: 'assignPenalty',
        division: d,
        player: (x.a % n) + 1,
        round: (x.b % 4) + 1,
        points: 10 + (x.c % 50),
        reason: '',
      }
    case 9:
      return x.c % 2 === 0
        ? {
            type: 'startRound',
            division: d,
            round: round?.number ?? 1,
            at: x.c * 1000,
            absent: game?.p.kind === 'game' ? [game.p.players[0]] : [],
          }
        : {
            type: 'recordArrival',
            division: d,
            round: round?.number ?? 1,
            player: game?.p.kind === 'game' ? game.p.players[0] : 1,
            at: round?.startedAt === null ? 0 : (round?.startedAt ?? 0) + x.c,
          }
    case 10:
      return {
        type: 'overrideStarter',
        division: d,
        round: round?.number ?? 1,
        table: game?.p.kind === 'game' ? game.p.table : 1,
        starter: game?.p.kind === 'game' ? (game.p.players[x.c % 2] as number) : 1,
      }
    case 11:
      return {
        type: 'issueWarning',
        division: d,
        player: (x.a % n) + 1,
        round: (x.b % 4) + 1,
        reason: 'noise',
      }
  }
  return register(`Late ${x.c}`)
}

interface Built {
  readonly log: readonly LoggedCommand[]
  /** `states[k]` is the state after the first k+1 commands. */
  readonly states: readonly TournamentState[]
}

/** A valid log grown command by command; refused commands are checked to change nothing. */
function build(preset: PresetId, players: number, intents: readonly Intent[]): Built {
  const commands: Command[] = [create(preset, 4), { type: 'addDivision', name: 'A' }]
  for (let i = 0; i < players; i++) commands.push(register(`P${i + 1}`, 1000 + i))
  const states: TournamentState[] = []
  let state: TournamentState | undefined
  for (const command of commands) {
    state = deepFreeze((apply(state, command, ID) as { value: TournamentState }).value)
    states.push(state)
  }
  for (const x of intents) {
    const current = states[states.length - 1] as TournamentState
    const command = commandFor(current, x)
    const snapshot = structuredClone(current)
    const next = apply(current, command, ID)
    if (!next.ok) {
      expect(current).toEqual(snapshot)
      continue
    }
    commands.push(command)
    states.push(deepFreeze(next.value))
  }
  return { log: logOf(commands), states }
}

const event = fc.record({
  preset: fc.constantFrom<PresetId>('nsa1995', 'msa', 'neon'),
  players: fc.integer({ min: 3, max: 9 }),
  intents: fc.array(intent, { minLength: 5, maxLength: 60 }),
})

describe('properties of random valid logs', () => {
  test('undoing the newest command of any prefix gives the state before it, and redo gives it back', () => {
    fc.assert(
      fc.property(event, ({ preset, players, intents }) => {
        const { log, states } = build(preset, players, intents)
        for (let k = 1; k < log.length; k++) {
          const undone = control(log.slice(0, k + 1), { type: 'undo', seq: k })
          expect(undone.state).toEqual(states[k - 1])
          expect(control(undone.log, { type: 'redo', seq: k }).state).toEqual(states[k])
        }
      }),
      { numRuns: 40 },
    )
  })

  test('fold is deterministic and gives the state built command by command', () => {
    fc.assert(
      fc.property(event, ({ preset, players, intents }) => {
        const { log, states } = build(preset, players, intents)
        const once = fold(ID, log)
        expect(once).toEqual(fold(ID, log))
        expect(once).toEqual({ ok: true, value: states[states.length - 1] })
      }),
      { numRuns: 60 },
    )
  })

  test('NSA VII.J.2: spread sums to zero over played and forfeited games in every folded state', () => {
    fc.assert(
      fc.property(event, ({ preset, players, intents }) => {
        const { states } = build(preset, players, intents)
        const state = states[states.length - 1] as TournamentState
        const division = state.divisions[0] as Division
        let total = 0
        let games = 0
        for (const player of division.players) {
          const history = playerHistory(state, 'A', player.id)
          for (const entry of history.ok ? history.value : []) {
            const kind = entry.result?.kind
            if (kind !== 'played' && kind !== 'forfeit') continue
            total += entry.outcome?.spread ?? Number.NaN
            games++
          }
        }
        expect(total).toBe(0)
        expect(games % 2).toBe(0)
        // The same from the results themselves, once per game.
        for (const round of division.rounds) {
          for (const recorded of round.results) {
            if (recorded?.result.kind !== 'played') continue
            const [a, b] = recorded.result.players
            expect(
              gameOutcome(recorded.result, a).spread + gameOutcome(recorded.result, b).spread,
            ).toBe(0)
          }
        }
      }),
      { numRuns: 60 },
    )
  })

  test('the log as of round N is the longest prefix with no command about a later round', () => {
    fc.assert(
      fc.property(event, fc.nat(5), ({ preset, players, intents }, round) => {
        const { log, states } = build(preset, players, intents)
        const prefix = logAsOfRound(log, round)
        expect(prefix).toEqual(log.slice(0, prefix.length))
        expect(prefix.every((e) => (commandRound(e.command) ?? 0) <= round)).toBe(true)
        const next = log[prefix.length]
        if (next !== undefined) expect(commandRound(next.command)).toBeGreaterThan(round)
        expect(stateAsOfRound(ID, log, round)).toEqual({
          ok: true,
          value: states[prefix.length - 1],
        })
      }),
      { numRuns: 40 },
    )
  })
})

test('the random logs reach every kind of round command (else the properties prove little)', () => {
  const seen = new Set<string>()
  for (const sample of fc.sample(event, { numRuns: 80, seed: 20260314 })) {
    const { log } = build(sample.preset, sample.players, sample.intents)
    for (const entry of log) seen.add(entry.command.type)
  }
  expect([...seen].sort()).toEqual(
    [
      'addDivision',
      'assignPenalty',
      'correctResult',
      'createTournament',
      'editPairing',
      'issueWarning',
      'overrideStarter',
      'pairRound',
      'recordArrival',
      'recordResult',
      'registerPlayer',
      'reinstatePlayer',
      'startRound',
      'unpairRound',
      'withdrawPlayer',
    ].sort(),
  )
})

describe('sharedPrefix: where a log changed elsewhere parts from the one a window held', () => {
  const log = logOf(WORKED_EXAMPLE_LOG)
  const other = { ...log[3]!, at: '2026-03-14T11:59:59.000Z' }
  test.each([
    ['the same log', log, log, log.length],
    ['a log grown elsewhere', log.slice(0, 4), log, 4],
    ['a log cut short (replaced from a file)', log, log.slice(0, 2), 2],
    ['the same command at another time', log, [...log.slice(0, 3), other], 3],
    ['nothing held', [], log, 0],
  ] as const)('%s', (_name, a, b, expected) => {
    expect(sharedPrefix(a, b)).toBe(expected)
    expect(sharedPrefix(b, a)).toBe(expected)
  })
})
