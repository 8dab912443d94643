/**
 * Across the rules engine and the file format (issue 20): every kind of command the desk can
 * dispatch, with random values, on random events, is written to a tournament file and read back
 * as the same commands with the same folded state. `BUILDERS` is keyed by every command type, so
 * a new command that is not added here does not compile.
 */
import fc from 'fast-check'
import { describe, expect, test } from 'vitest'
import { playedResult } from '../results/game-result'
import { PRESET_IDS } from '../rules/rule-set'
import { RATING_SYSTEMS } from '../ratings/rating-systems'
import { rulesFromPreset } from '../rules/presets'
import { TIE_BREAKS } from '../rules/ranking'
import { apply, fold } from '../tournament/apply'
import {
  isLogControl,
  type Command,
  type CommandType,
  type LoggedCommand,
  type PairingSpec,
  type SplitBy,
} from '../tournament/commands'
import { fingerprint, planControl, undoneBy } from '../tournament/log'
import { LOG_VERSION } from '../tournament/log-version'
import { fieldValue, mendFields, withField } from '../tournament/mend'
import { PAPER_SIZES } from '../tournament/paper'
import { DO_NOT_PAIR_REASONS } from '../tournament/pairing-rules'
import { registrationDependents } from '../tournament/roster'
import { create, logOf, register } from '../tournament/test-support/event'
import { generateLog } from '../tournament/test-support/generate-log'
import { twoRounds } from '../tournament/test-support/two-divisions'
import type { Division, GamePairing, TournamentState } from '../tournament/types'
import { readTournamentFile, writeTournamentFile } from './tournament-file'

const ID = 'property-event'
const SAVED = '2026-03-14T18:00:00.000Z'

/** Random choices a builder draws on: numbers to pick with, and a text (names, reasons). */
interface Draw {
  readonly a: number
  readonly b: number
  readonly text: string
}

const pick = <T>(list: readonly T[], n: number): T | undefined =>
  list.length === 0 ? undefined : list[Math.abs(n) % list.length]

const divisionOf = (state: TournamentState): Division | undefined => state.divisions[0]
const latest = (d: Division) => d.rounds[d.rounds.length - 1]
const games = (d: Division): readonly GamePairing[] =>
  (latest(d)?.pairings ?? []).filter((p): p is GamePairing => p.kind === 'game')
const ids = (d: Division) => d.players.map((p) => p.id)

/** The next round paired in player order (the odd one out gets a bye). */
function nextPairings(d: Division, shift: number): PairingSpec[] {
  const active = d.players.filter((p) => p.status.kind === 'active').map((p) => p.id)
  const order = [
    ...active.slice(shift % Math.max(1, active.length)),
    ...active.slice(0, shift % Math.max(1, active.length)),
  ]
  const specs: PairingSpec[] = []
  for (let i = 0; i + 1 < order.length; i += 2) {
    specs.push({ kind: 'game', table: i / 2 + 1, players: [order[i]!, order[i + 1]!] })
  }
  if (order.length % 2 === 1) specs.push({ kind: 'bye', player: order[order.length - 1]! })
  return specs
}

/** A command of each type built from the state and the draw, or null where none makes sense. */
const BUILDERS: { readonly [T in CommandType]: (s: TournamentState, d: Draw) => Command | null } = {
  createTournament: (s) => ({ type: 'createTournament', info: s.info, rules: s.rules }),
  editTournamentInfo: (s, { text }) => ({
    type: 'editTournamentInfo',
    info: { ...s.info, name: text, venue: text },
  }),
  changeRules: (_s, { a }) => ({
    type: 'changeRules',
    rules: rulesFromPreset(pick(PRESET_IDS, a) ?? 'nsa1995'),
  }),
  addDivision: (_s, { text }) => ({ type: 'addDivision', name: text }),
  registerPlayer: (_s, { a, text }) => ({
    type: 'registerPlayer',
    division: 'A',
    player: { name: text, rating: Math.abs(a) % 2500, memberId: '', club: text.slice(0, 3) },
  }),
  registerPlayers: (_s, { a, text }) => ({
    type: 'registerPlayers',
    division: 'A',
    players: [
      { player: { name: `${text} I`, rating: Math.abs(a) % 2500, memberId: '', club: '' } },
      { player: { name: `${text} II`, rating: 0, memberId: '', club: '' } },
    ],
  }),
  editPlayer: (s, { a, text }) => {
    const p = pick(divisionOf(s)?.players ?? [], a)
    if (p === undefined) return null
    return {
      type: 'editPlayer',
      division: 'A',
      playerId: p.id,
      player: { name: text, rating: p.rating, memberId: p.memberId, club: p.club },
    }
  },
  withdrawPlayer: (s, { a, b }) => {
    const d = divisionOf(s)
    const player = d === undefined ? undefined : pick(ids(d), a)
    if (d === undefined || player === undefined) return null
    return {
      type: 'withdrawPlayer',
      division: 'A',
      player,
      fromRound: d.rounds.length + 1,
      ...(b % 2 === 0 ? {} : { disqualified: true }),
    }
  },
  reinstatePlayer: (s, { a }) => {
    const player = pick(divisionOf(s)?.players.filter((p) => p.status.kind !== 'active') ?? [], a)
    return player === undefined
      ? null
      : { type: 'reinstatePlayer', division: 'A', player: player.id }
  },
  checkIn: (s, { a }) => {
    const player = pick(ids(divisionOf(s)!), a)
    return player === undefined
      ? null
      : { type: 'checkIn', division: 'A', player, day: s.info.startDate }
  },
  cancelCheckIn: (s, { a }) => {
    const player = pick(ids(divisionOf(s)!), a)
    return player === undefined
      ? null
      : { type: 'cancelCheckIn', division: 'A', player, day: s.info.startDate }
  },
  setPairingPlan: (s, { a }) => {
    const next = (divisionOf(s)?.rounds.length ?? 0) + 1
    const system = pick(['swiss', 'koth', 'random'] as const, a) ?? 'swiss'
    const step = { basedOn: 'previous', maxRepeats: Math.abs(a) % 3 } as const
    return {
      type: 'setPairingPlan',
      division: 'A',
      plan: [
        { ...step, fromRound: 1, system: 'swiss' },
        ...(next > 1 ? [{ ...step, fromRound: next, system }] : []),
      ],
    }
  },
  setContention: (_s, { a, b }) => ({
    type: 'setContention',
    division: 'A',
    contention: {
      gibson: a % 2 === 0,
      prizeBands: [1, 1 + (Math.abs(b) % 5)],
      maxSpread: Math.abs(a) % 600,
      contenderRounds: Math.abs(b) % 3,
    },
  }),
  setDoNotPair: (s, { a, b, text }) => {
    const d = divisionOf(s)
    const x = d === undefined ? undefined : pick(ids(d), a)
    const y = d === undefined ? undefined : pick(ids(d), b)
    if (x === undefined || y === undefined || x === y) return null
    return {
      type: 'setDoNotPair',
      division: 'A',
      doNotPair: {
        groups: [{ players: [x, y], reason: pick(DO_NOT_PAIR_REASONS, b) ?? 'family', note: text }],
        sameClubRounds: Math.abs(a) % 2,
      },
    }
  },
  setPrizes: (_s, { a, text }) => ({
    type: 'setPrizes',
    division: 'A',
    prizes: {
      prizes: [
        {
          kind: 'place',
          place: 1 + (Math.abs(a) % 3),
          group: { kind: 'all' },
          value: text,
          exclusive: a % 2 === 0,
        },
      ],
      ties: 'spread',
      classes: { kind: 'none' },
      flags: [],
    },
  }),
  // null goes back to the preset's default (issue 22).
  setRatingSystem: (_s, { a }) => ({
    type: 'setRatingSystem',
    division: 'A',
    system:
      Math.abs(a) % (RATING_SYSTEMS.length + 1) === 0 ? null : (pick(RATING_SYSTEMS, a) ?? null),
  }),
  setTableOffset: (s, { a }) => {
    const round = divisionOf(s)?.rounds.length ?? 0
    return {
      type: 'setTableOffset',
      division: 'A',
      offset: Math.abs(a) % 40,
      ...(round > 0 && a % 2 === 0 ? { renumberRound: round } : {}),
    }
  },
  pairRound: (s, { a, b }) => {
    const d = divisionOf(s)
    if (d === undefined) return null
    const again = b % 3 === 0 && d.rounds.length > 0
    return {
      type: 'pairRound',
      division: 'A',
      round: d.rounds.length + (again ? 0 : 1),
      pairings: nextPairings(d, Math.abs(a)),
      system: 'property',
      seed: Math.abs(b),
      ...(again ? { replace: true } : {}),
    }
  },
  editPairing: (s, { a, b }) => {
    const d = divisionOf(s)
    const game = d === undefined ? undefined : pick(games(d), a)
    if (d === undefined || game === undefined) return null
    const [x, y] = game.players
    return {
      type: 'editPairing',
      division: 'A',
      round: d.rounds.length,
      table: game.table,
      change:
        b % 3 === 0
          ? { kind: 'lock', locked: a % 2 === 0 }
          : b % 3 === 1
            ? { kind: 'replace', players: [y, x] }
            : { kind: 'swap', player: x, with: pick(ids(d), b) ?? y },
    }
  },
  unpairRound: (s) => {
    const n = divisionOf(s)?.rounds.length ?? 0
    return n === 0 ? null : { type: 'unpairRound', division: 'A', round: n }
  },
  publishRound: (s) => {
    const n = divisionOf(s)?.rounds.length ?? 0
    return n === 0 ? null : { type: 'publishRound', division: 'A', round: n }
  },
  startRound: (s, { a, b }) => {
    const d = divisionOf(s)
    const n = d?.rounds.length ?? 0
    const absent = d === undefined ? undefined : pick(ids(d), b)
    return n === 0
      ? null
      : {
          type: 'startRound',
          division: 'A',
          round: n,
          at: 1_770_000_000_000 + Math.abs(a),
          ...(absent === undefined || b % 2 === 0 ? {} : { absent: [absent] }),
        }
  },
  markAbsent: (s, { a }) => {
    const d = divisionOf(s)
    const game = d === undefined ? undefined : pick(games(d), a)
    if (d === undefined || game === undefined) return null
    return { type: 'markAbsent', division: 'A', round: d.rounds.length, player: game.players[0] }
  },
  recordArrival: (s, { a }) => {
    const d = divisionOf(s)
    const r = d === undefined ? undefined : latest(d)
    const arrival = pick(r?.arrivals ?? [], a)
    if (r === undefined || arrival === undefined) return null
    return {
      type: 'recordArrival',
      division: 'A',
      round: r.number,
      player: arrival.player,
      at: (r.startedAt ?? 0) + (Math.abs(a) % 3_600_000),
    }
  },
  recordResult: (s, draw) => resultCommand(s, draw, 'recordResult'),
  correctResult: (s, draw) => resultCommand(s, draw, 'correctResult'),
  assignPenalty: (s, { a, text }) => {
    const d = divisionOf(s)
    const player = d === undefined ? undefined : pick(ids(d), a)
    if (d === undefined || player === undefined || d.rounds.length === 0) return null
    return {
      type: 'assignPenalty',
      division: 'A',
      player,
      round: d.rounds.length,
      points: 1 + (Math.abs(a) % 50),
      reason: text,
    }
  },
  issueWarning: (s, { a, text }) => {
    const d = divisionOf(s)
    const player = d === undefined ? undefined : pick(ids(d), a)
    if (d === undefined || player === undefined || d.rounds.length === 0) return null
    return { type: 'issueWarning', division: 'A', player, round: d.rounds.length, reason: text }
  },
  overrideStarter: (s, { a, b }) => {
    const d = divisionOf(s)
    const game = d === undefined ? undefined : pick(games(d), a)
    if (d === undefined || game === undefined) return null
    return {
      type: 'overrideStarter',
      division: 'A',
      round: d.rounds.length,
      table: game.table,
      starter: game.players[Math.abs(b) % 2]!,
    }
  },
  // Undo and redo go through planControl (as the store's do): their targets are drawn there.
  undo: () => null,
  redo: () => null,
  // Issue 28: the event's paper, either size (last, so the other types keep their draws).
  setPaperSize: (_s, { a }) => ({ type: 'setPaperSize', paperSize: pick(PAPER_SIZES, a) ?? 'A4' }),
  // Issue 32: later builders still say 'A', the division's former name.
  renameDivision: (_s, { text }) => ({ type: 'renameDivision', division: 'A', name: `${text} R` }),
  deleteRegistration: (s, { a }) => {
    const d = divisionOf(s)
    // One nothing depends on (a registration since the last round), else the rules refuse it.
    const free = (d?.players ?? []).filter(
      (p) => d !== undefined && p.deleted !== true && registrationDependents(d, p.id).length === 0,
    )
    const p = pick(free, a)
    return p === undefined
      ? null
      : { type: 'deleteRegistration', division: 'A', player: p.id, key: p.key }
  },
  movePlayer: (s, { a, b }) => {
    const d = divisionOf(s)
    const free = (d?.players ?? []).filter(
      (p) =>
        d !== undefined &&
        p.deleted !== true &&
        registrationDependents(d, p.id).every((x) => x === 'checked-in'),
    )
    const p = pick(free, a)
    const to = pick(s.divisions.slice(1), b)
    return p === undefined || to === undefined
      ? null
      : { type: 'movePlayer', division: 'A', player: p.id, key: p.key, to: to.name }
  },
  // Issue 32: a table kept for a player, or released (null), by number and key.
  reserveTable: (s, { a, b }) => {
    const d = divisionOf(s)
    // A deleted registration (issue 32) takes no table: the rules refuse it.
    const player = pick(d?.players.filter((p) => p.deleted !== true) ?? [], a)
    if (player === undefined) return null
    return {
      type: 'reserveTable',
      division: 'A',
      player: player.id,
      table: b % 4 === 0 ? null : 1 + (Math.abs(b) % 40),
      keys: [{ player: player.id, key: player.key }],
    }
  },
  // Issue 32: ratings from a federation's list, a few players at once.
  updateRatings: (s, { a, b }) => {
    const d = divisionOf(s)
    if (d === undefined || d.players.length === 0) return null
    const chosen = [...new Set([pick(ids(d), a), pick(ids(d), b)])].flatMap((p) =>
      p === undefined ? [] : [p],
    )
    return {
      type: 'updateRatings',
      division: 'A',
      ratings: chosen.map((player, i) => ({ player, rating: (Math.abs(a) + 97 * i) % 2500 })),
      source: 'current.txt',
    }
  },
  // Issue 32: a division's tie-breaks and spread cap by round, or back to the documents' order.
  setRanking: (_s, { a, b }) => ({
    type: 'setRanking',
    division: 'A',
    ranking:
      a % 3 === 0
        ? null
        : {
            tieBreaks: TIE_BREAKS.filter((_, i) => ((Math.abs(a) >> i) & 1) === 1),
            spreadCapByRound: b % 2 === 0 ? [] : [100, 100 + (Math.abs(b) % 300)],
          },
  }),
  // Issue 30: what the division's phones may do on a day.
  setPhoneAccess: (_s, { a, b }) => ({
    type: 'setPhoneAccess',
    division: 'A',
    day: a % 2 === 0 ? '2026-11-29' : '2026-11-30',
    checkIn: b % 2 === 0,
    results: b % 3 === 0,
  }),
  // Issue 32: another division merged into A (refused unless both are at the same round).
  mergeDivisions: (s) => {
    const other = s.divisions.find((d) => d.name !== 'A')
    return other === undefined
      ? null
      : { type: 'mergeDivisions', division: 'A', absorbed: other.name }
  },
  // Issue 28: a mend names a log position, as undo and redo do: it is drawn in `deskLog`.
  mendCommand: () => null,
  // Issue 32: A split (refused here once a round is paired; round-tripped before play below).
  splitDivision: (s, { a }) => {
    const d = divisionOf(s)
    const player = d === undefined ? undefined : pick(ids(d), a)
    return player === undefined
      ? null
      : {
          type: 'splitDivision',
          division: 'A',
          name: 'A2',
          by: { kind: 'list', players: [player] },
        }
  },
  // Issue 30: one side's phone entry of a game with no result (the other side's may confirm it).
  phoneResult: (s, draw) => {
    const entered = resultCommand(s, draw, 'recordResult')
    if (entered?.type !== 'recordResult' || entered.result.kind !== 'played') return null
    const d = divisionOf(s)
    const game =
      d === undefined
        ? undefined
        : latest(d)?.pairings.find(
            (p) =>
              p.kind === 'game' &&
              entered.result.kind === 'played' &&
              p.players.includes(entered.result.players[0]),
          )
    if (game?.kind !== 'game') return null
    return {
      type: 'phoneResult',
      division: 'A',
      round: entered.round,
      table: game.table,
      player: game.players[Math.abs(draw.a) % 2] ?? game.players[0],
      result: entered.result,
      ...(entered.first === undefined ? {} : { first: entered.first }),
      at: Math.abs(draw.b),
    }
  },
}

function resultCommand(
  s: TournamentState,
  { a, b }: Draw,
  type: 'recordResult' | 'correctResult',
): Command | null {
  const d = divisionOf(s)
  const r = d === undefined ? undefined : latest(d)
  if (d === undefined || r === undefined) return null
  const open = r.pairings.filter(
    (p, i) => p.kind === 'game' && (r.results[i] === null) === (type === 'recordResult'),
  )
  const game = pick(open, a)
  if (game?.kind !== 'game') return null
  const scores: [number, number] = [300 + (Math.abs(a) % 200), 300 + (Math.abs(b) % 200)]
  const result = playedResult(game.players, scores, [0, 0], s.rules)
  if (!result.ok) return null
  return {
    type,
    division: 'A',
    round: r.number,
    game: b % 2 === 0 ? { table: game.table } : { players: game.players },
    result: result.value,
    ...(b % 3 === 0 ? { first: game.players[1] } : {}),
  }
}

const TYPES = Object.keys(BUILDERS) as CommandType[]

const action = fc.record({
  type: fc.constantFrom(...TYPES),
  a: fc.integer({ min: -1000, max: 1000 }),
  b: fc.integer({ min: -1000, max: 1000 }),
  // Names and reasons as a director might type them, accents and other scripts included.
  text: fc.oneof(
    fc.constantFrom('Ann', 'Zoë O’Brien', 'Łukasz Ścisły', 'Ærø', '李小龍', 'Renée "Rn" Roy'),
    fc.string({ minLength: 1, maxLength: 12, unit: 'grapheme' }),
  ),
})

/** A random event, then the desk's commands on it (those the rules refuse are not logged). */
function deskLog(
  players: number,
  rounds: number,
  seed: number,
  actions: readonly (Draw & { readonly type: CommandType })[],
): LoggedCommand[] {
  const log: LoggedCommand[] = generateLog({ players, rounds, seed, starts: 'rules' }).map((e) => ({
    ...e,
  }))
  // Two rounds more than were played, so rounds can be paired, unpaired and withdrawn from.
  const created = log[0]?.command
  if (created?.type !== 'createTournament') throw new Error('generateLog starts a tournament')
  log.push({
    seq: log.length,
    at: '2026-03-14T11:00:00.000Z',
    command: { type: 'editTournamentInfo', info: { ...created.info, rounds: rounds + 2 } },
  })
  const played = fold(ID, log)
  if (!played.ok || played.value === undefined) throw new Error('the generated log folds')
  // The next round paired and unplayed, so results, starters and absences have games to go to.
  const division = divisionOf(played.value)
  if (division === undefined) throw new Error('generateLog makes division A')
  log.push({
    seq: log.length,
    at: '2026-03-14T11:30:00.000Z',
    command: {
      type: 'pairRound',
      division: 'A',
      round: rounds + 1,
      pairings: nextPairings(division, seed),
    },
  })
  const start = fold(ID, log)
  if (!start.ok) throw new Error(start.error.message)
  if (start.value === undefined) throw new Error('the generated log holds a tournament')
  let state: TournamentState = start.value
  for (const [i, act] of actions.entries()) {
    const stamp = {
      at: `2026-03-14T12:${String(i % 60).padStart(2, '0')}:00.000Z`,
      desk: act.a % 2 === 0 ? 'desk-a' : 'desk-b',
    }
    if (act.type === 'undo' || act.type === 'redo') {
      // An undo takes back one of the last commands (an older one is mostly blocked by later
      // ones); a redo one of the commands undone.
      const targets =
        act.type === 'undo' ? log.slice(-3).map((e) => e.seq) : [...undoneBy(log).keys()]
      const seq = pick(targets, act.a)
      if (seq === undefined) continue
      const planned = planControl(ID, log, { type: act.type, seq }, stamp)
      if (!planned.ok || planned.value.state === undefined) continue
      log.push(planned.value.entry)
      state = planned.value.state
      continue
    }
    if (act.type === 'mendCommand') {
      // Issue 28: the newest command with a mend form (a result, a registration) mended, its
      // first field typed again as it was.
      const target = [...log]
        .reverse()
        .find((e) => !isLogControl(e.command) && mendFields(e.command).length > 0)
      const field = target === undefined ? undefined : mendFields(target.command)[0]
      const value = target && field && fieldValue(target.command, field)
      if (target === undefined || field === undefined || value === undefined) continue
      const mended = withField(target.command, field, value)
      const command: Command = { type: 'mendCommand', seq: target.seq, command: mended }
      const planned = planControl(ID, log, command, stamp)
      if (!planned.ok || planned.value.state === undefined) continue
      log.push(planned.value.entry)
      state = planned.value.state
      continue
    }
    const command = BUILDERS[act.type](state, act)
    if (command === null) continue
    const next = apply(state, command, ID)
    // A refused command is not logged; a command never empties the tournament.
    if (!next.ok || next.value === undefined) continue
    log.push({ seq: log.length, ...stamp, version: LOG_VERSION, command })
    state = next.value
  }
  return log
}

/** Written to a file and read back: the same log, fingerprints and folded state. */
function expectRoundTrip(log: readonly LoggedCommand[]): void {
  const read = readTournamentFile(writeTournamentFile(ID, log, SAVED))
  if (!read.ok) throw new Error(read.error.message)
  expect(read.value.log).toEqual(log)
  expect(read.value.log.map(fingerprint)).toEqual(log.map(fingerprint))
  const folded = fold(ID, log)
  expect(folded.ok && read.value.state).toEqual(folded.ok && folded.value)
}

describe('every desk command round-trips through the tournament file (issue 20, design.md)', () => {
  test('property: random events and commands are read back as the same log and state', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 3, max: 9 }),
        fc.integer({ min: 1, max: 3 }),
        fc.integer(),
        fc.array(action, { minLength: 1, maxLength: 40 }),
        (players, rounds, seed, actions) => {
          expectRoundTrip(deskLog(players, rounds, seed, actions))
        },
      ),
      { numRuns: 150 },
    )
  })

  test('every command type, each in turn (withdraw before reinstate, undo before redo…)', () => {
    const texts = ['Zoë O’Brien', 'Łukasz', '李小龍', 'Renée "Rn" Roy']
    const script = [0, 1, 2, 3].flatMap((k) =>
      TYPES.map((type, i) => ({ type, a: 7 * k + i, b: 3 * k + i, text: texts[k] ?? 'Ann' })),
    )
    const log = deskLog(7, 2, 20, script)
    // A builder the rules always refuse would leave its command untested: it is named here.
    // A merge needs a second division at the same round, which this event never has: it is
    // round-tripped on its own event below (issue 32), as is a split, which this event's paired
    // round refuses.
    expect(TYPES.filter((t) => !log.some((e) => e.command.type === t))).toEqual([
      'mergeDivisions',
      'splitDivision',
    ])
    expectRoundTrip(log)
  })

  test('issue 32: a merge of two divisions after round 2, and an undo of it, round-trip', () => {
    const merge: Command = { type: 'mergeDivisions', division: 'A', absorbed: 'B' }
    const log = logOf([...twoRounds, merge])
    const undone = planControl(
      ID,
      log,
      { type: 'undo', seq: twoRounds.length },
      {
        at: SAVED,
        desk: 'd1',
      },
    )
    if (!undone.ok) throw new Error(undone.error.message)
    expect(fold(ID, log)).toMatchObject({ ok: true })
    expectRoundTrip(log)
    expectRoundTrip([...log, undone.value.entry])
  })

  test.each<SplitBy>([
    { kind: 'top', count: 2 },
    { kind: 'rating', atLeast: 1500 },
    { kind: 'list', players: [1, 3], keys: [{ player: 1, key: 'k-ann' }] },
  ])('issue 32: a split before play ($kind), and an undo of it, round-trip', (by) => {
    const log = logOf([
      create(),
      { type: 'addDivision', name: 'A' },
      {
        type: 'registerPlayer',
        division: 'A',
        player: { name: 'Ann', rating: 1700, memberId: '', club: '' },
        key: 'k-ann',
      },
      register('Bob', 1400),
      register('Cy', 1600),
      register('Dan', 1200),
      { type: 'splitDivision', division: 'A', name: 'A2', by },
    ])
    expect(fold(ID, log)).toMatchObject({ ok: true })
    const undone = planControl(
      ID,
      log,
      { type: 'undo', seq: log.length - 1 },
      { at: SAVED, desk: 'd1' },
    )
    if (!undone.ok) throw new Error(undone.error.message)
    expectRoundTrip(log)
    expectRoundTrip([...log, undone.value.entry])
  })
})
