import { pairKey } from '../pairing/context'
import { afterSchedule, autoPlan } from '../pairing/auto-plan'
import { roundRobinSchedule } from '../pairing/round-robin'
import {
  roundRobinCourse,
  type NotRoundRobin,
  type SeatedHistory,
} from '../pairing/round-robin-history'
import { PAIRING_SYSTEMS, type PairingSystem, type PastRound } from '../pairing/types'
import { err, ok, type Result } from '../result'
import type { Command } from './commands'
import type { Context } from './rounds'
import { pairedOffset, tableOffsetOf } from './tables'
import type { Division, PlanStep, Round, TournamentInfo, TournamentState } from './types'

type CommandOf<T extends Command['type']> = Extract<Command, { readonly type: T }>

const BASES: readonly PlanStep['basedOn'][] = ['previous', 'lagged']

/** The step that pairs `round`: the last one starting at or before it. */
export function stepIndexFor(plan: readonly PlanStep[], round: number): number {
  let found = 0
  plan.forEach((step, i) => {
    if (step.fromRound <= round) found = i
  })
  return found
}

/**
 * The round whose standings round `round` is paired on (the one owner of this rule): the last
 * round; or, for a lagged step, the round before it (so the next round can be paired while one is
 * played) inside a session only. The first round after a session break (tsh's `session_breaks`:
 * a meal, the end of a day) waits for the latest standings, since nothing is being played then.
 */
export function basisRound(
  basedOn: PlanStep['basedOn'],
  round: number,
  sessionBreaks: readonly number[] = [],
): number {
  const latest = Math.max(0, round - 1)
  switch (basedOn) {
    case 'previous':
      return latest
    case 'lagged':
      return sessionBreaks.includes(latest) ? latest : Math.max(0, round - 2)
  }
}

/** The systems whose pairings are a fixed schedule laid down from the step's first round. */
export const SCHEDULE_SYSTEMS = ['round-robin', 'double-round-robin', 'fontes'] as const
export type ScheduleSystem = (typeof SCHEDULE_SYSTEMS)[number]

export const isScheduleSystem = (system: PairingSystem): system is ScheduleSystem =>
  (SCHEDULE_SYSTEMS as readonly string[]).includes(system)

/**
 * Why a schedule cannot go on from the division's history:
 * - `imported`: the round came from another program (a tsh `.t`);
 * - `by-hand`: typed or changed by the director (a manual or locked pairing);
 * - `other-system`: paired by another system (`system` says which);
 * - `not-schedule`: paired by this system, but not as its schedule now stands (the field changed).
 */
export type ScheduleBreakReason = 'imported' | 'by-hand' | 'other-system' | 'not-schedule'

export interface ScheduleBreak {
  /** The first round of the step that the schedule did not make. */
  readonly round: number
  readonly reason: ScheduleBreakReason
  /** The system stored with that round (null: none recorded). */
  readonly system: string | null
}

/** Whether a stored round's games are all games of the round-robin schedule's round `index`. */
function followsRoundRobin(division: Division, round: Round, index: number, double: boolean) {
  // Seats as the engine lays them out: every player of the division, by number.
  const ids = [...division.players].map((p) => p.id).sort((a, b) => a - b)
  const seats = ids.length + (ids.length % 2)
  if (seats < 2) return false
  const today = roundRobinSchedule(seats, double)[index]
  if (today === undefined) return false
  const scheduled = new Set<number>()
  for (const [x, y] of today) {
    const a = ids[x]
    const b = ids[y]
    if (a !== undefined && b !== undefined) scheduled.add(pairKey(a, b))
  }
  return round.pairings.every(
    (p) => p.kind !== 'game' || scheduled.has(pairKey(p.players[0], p.players[1])),
  )
}

/**
 * The first earlier round of a schedule step (round robin, Initial Fontes) that the schedule did
 * not make, judged by the stored round's system and pairings; null when every earlier round of the
 * step is the schedule's (or the step is not a schedule, or `round` is its first round).
 */
export function scheduleBreak(
  division: Division,
  step: PlanStep,
  round: number,
): ScheduleBreak | null {
  if (!isScheduleSystem(step.system)) return null
  for (let number = step.fromRound; number < round; number++) {
    const stored = division.rounds[number - 1]
    if (stored === undefined) continue
    const system = stored.system
    const at = (reason: ScheduleBreakReason): ScheduleBreak => ({ round: number, reason, system })
    if (system === null || system === 'manual') return at('by-hand')
    if (system !== step.system) {
      return at(
        (PAIRING_SYSTEMS as readonly string[]).includes(system) ? 'other-system' : 'imported',
      )
    }
    if (stored.pairings.some((p) => p.locked)) return at('by-hand')
    if (
      step.system !== 'fontes' &&
      !followsRoundRobin(
        division,
        stored,
        number - step.fromRound,
        step.system === 'double-round-robin',
      )
    ) {
      return at('not-schedule')
    }
  }
  return null
}

/**
 * A plan the pairing can follow (design.md, "Pairing"): at least one step, the first from round 1,
 * the others later in strictly increasing order and within the event; known systems and bases;
 * a whole, non-negative number of repeats or none (no limit). No steps at all means the automatic
 * plan. Initial Fontes pairs rounds 1 to an odd round, so its
 * step must be the first and cover an odd number of rounds.
 */
export function validatePlan(
  plan: readonly PlanStep[],
  info: TournamentInfo,
): Result<readonly PlanStep[]> {
  const first = plan[0]
  // No steps: back to the automatic plan (shared/pairing/auto-plan.ts).
  if (first === undefined) return ok([])
  if (first.fromRound !== 1) {
    return err(
      'plan.first-round',
      `The first step must start at round 1, not ${first.fromRound}.`,
      {
        field: 'fromRound',
        details: { step: 1 },
      },
    )
  }
  for (const [i, step] of plan.entries()) {
    const where = { step: i + 1 }
    if (!Number.isInteger(step.fromRound) || step.fromRound < 1) {
      return err('plan.round.invalid', `Step ${i + 1}: a round is a whole number from 1.`, {
        field: 'fromRound',
        details: where,
      })
    }
    const before = plan[i - 1]
    if (before !== undefined && step.fromRound <= before.fromRound) {
      return err(
        'plan.round.order',
        `Step ${i + 1} starts at round ${step.fromRound}, not after step ${i}'s round ${before.fromRound}.`,
        { field: 'fromRound', details: { ...where, fromRound: step.fromRound } },
      )
    }
    if (step.fromRound > info.rounds) {
      return err(
        'plan.round.beyond-event',
        `Step ${i + 1} starts at round ${step.fromRound}; the event has ${info.rounds} rounds.`,
        { field: 'fromRound', details: { ...where, rounds: info.rounds } },
      )
    }
    if (!(PAIRING_SYSTEMS as readonly string[]).includes(step.system)) {
      return err(
        'plan.system.unknown',
        `Step ${i + 1}: "${step.system}" is not a pairing system.`,
        {
          field: 'system',
          details: where,
        },
      )
    }
    if (!BASES.includes(step.basedOn)) {
      return err(
        'plan.based-on.unknown',
        `Step ${i + 1}: pairings are based on the previous or the lagged round, not "${String(step.basedOn)}".`,
        { field: 'basedOn', details: where },
      )
    }
    if (step.maxRepeats !== null && (!Number.isInteger(step.maxRepeats) || step.maxRepeats < 0)) {
      return err(
        'plan.repeats.invalid',
        `Step ${i + 1}: repeats allowed is a whole number from 0 (or no limit), not ${step.maxRepeats}.`,
        { field: 'maxRepeats', details: where },
      )
    }
    if (step.neighbours === true && step.system !== 'swiss') {
      return err(
        'plan.neighbours.not-swiss',
        `Step ${i + 1}: pairing neighbours in a score group is a choice of Swiss, not of this system.`,
        { field: 'neighbours', details: where },
      )
    }
    if (step.system === 'fontes') {
      if (i !== 0) {
        return err(
          'plan.fontes.not-first',
          `Step ${i + 1}: Initial Fontes pairs the first rounds of an event, from round 1.`,
          { field: 'system', details: where },
        )
      }
      const span = fontesSpan(plan, info)
      if (span % 2 === 0) {
        return err(
          'plan.fontes.rounds',
          `Initial Fontes pairs an odd number of rounds, not ${span}: start the next step at an even round.`,
          { field: 'fromRound', details: { ...where, rounds: span } },
        )
      }
    }
  }
  return ok(plan.map((step) => ({ ...step })))
}

/** The rounds an Initial Fontes first step pairs: up to the next step, or 3 when it is the only one. */
export function fontesSpan(
  plan: readonly PlanStep[],
  info: Pick<TournamentInfo, 'rounds'>,
): number {
  const next = plan[1]
  return next === undefined ? Math.min(3, info.rounds) : next.fromRound - 1
}

/** What a round-robin step's history says of the round robin (issue 29). */
export type RoundRobinStanding =
  | {
      /** The rounds so far are a round robin's and it goes on; `ownSchedule`: our circle's. */
      readonly kind: 'continues'
      readonly ownSchedule: boolean
    }
  | { readonly kind: 'not-round-robin'; readonly why: NotRoundRobin }
  | {
      /** A round robin so far, but none of its completions is without a repeat (or none found). */
      readonly kind: 'no-completion'
      readonly proven: boolean
    }

/** How one round is paired: the one owner of "which system, on which standings" (issue 18). */
export interface RoundPlan {
  /** The step that pairs the round, as it pairs it (the automatic plan past a broken schedule). */
  readonly step: PlanStep
  /** The plan's own step for the round. */
  readonly planned: PlanStep
  /** The round whose standings the round is paired on (0: none, ratings only). */
  readonly basis: number
  readonly automatic: boolean
  /** The earlier round of a schedule step the schedule did not make; null when none. */
  readonly scheduleBreak: ScheduleBreak | null
  /** A round-robin step: whether the history is a round robin that goes on; null otherwise. */
  readonly roundRobin: RoundRobinStanding | null
}

/** The rounds before `round` as the engine reads them: who met whom, who had a bye. */
export type PlanHistory = SeatedHistory

/** What the plan of a round is worked out from, whether a desk's division or a `.t` file. */
export interface PlanSource {
  readonly plan: readonly PlanStep[]
  readonly automatic: boolean
  /** Active players, for the automatic plan past a schedule. */
  readonly active: number
  readonly eventRounds: number
  readonly sessionBreaks: readonly number[]
  /**
   * The rounds so far, read only for a round-robin step (a big Swiss field's history is not built
   * for nothing); without them a round robin is judged as any schedule, by `breakOf`.
   */
  readonly history?: () => PlanHistory
  /** The first earlier round of a schedule step its schedule did not make, as far as known. */
  readonly breakOf: (step: PlanStep, round: number) => ScheduleBreak | null
}

/** Whether a round-robin step's history is a round robin that goes on (round-robin-history.ts). */
function roundRobinStanding(
  step: PlanStep,
  round: number,
  history: PlanHistory,
): RoundRobinStanding {
  const course = roundRobinCourse({
    players: history.players,
    history: history.rounds,
    fromRound: step.fromRound,
    double: step.system === 'double-round-robin',
    round,
  })
  switch (course.kind) {
    case 'continues':
      return { kind: 'continues', ownSchedule: course.ownSchedule }
    case 'over':
      // Outside the schedule the engine says so itself (pairing.round-robin.over).
      return { kind: 'continues', ownSchedule: true }
    case 'not-round-robin':
      return { kind: 'not-round-robin', why: course.why }
    case 'no-completion':
      return { kind: 'no-completion', proven: course.proven }
  }
}

/**
 * How `round` is paired from a plan and a history: the one use-case the desk (`roundPlanFor`) and
 * the CLI (`autoPlanForHistory`, a `.t`) share. A round-robin step goes on, whoever paired its
 * earlier rounds, while they are a round robin that can be finished without a repeat (issue 29);
 * any other schedule step (Initial Fontes) only while its schedule made them. Past a schedule
 * that cannot go on, the automatic plan pairs Swiss (King of the Hill last); a director's own plan
 * keeps its step, and the words say why it may not fit.
 */
export function roundPlanOn(source: PlanSource, round: number): RoundPlan {
  const { plan, automatic, sessionBreaks } = source
  const planned = plan[stepIndexFor(plan, round)] as PlanStep
  const broken = source.breakOf(planned, round)
  const isRoundRobin = planned.system === 'round-robin' || planned.system === 'double-round-robin'
  const roundRobin =
    isRoundRobin && source.history !== undefined
      ? roundRobinStanding(planned, round, source.history())
      : null
  const off = roundRobin === null ? broken !== null : roundRobin.kind !== 'continues'
  const step =
    automatic && off
      ? afterSchedule(source.active, source.eventRounds, round, sessionBreaks)
      : planned
  const notMade: ScheduleBreak = { round: planned.fromRound, reason: 'not-schedule', system: null }
  return {
    step,
    planned,
    basis: basisRound(step.basedOn, round, sessionBreaks),
    automatic,
    scheduleBreak: roundRobin === null ? broken : off ? (broken ?? notMade) : null,
    roundRobin,
  }
}

/** The division's rounds before `before` as the engine reads them (a pairing is a meeting). */
export function pastRoundsOf(division: Division, before: number): PastRound[] {
  return division.rounds.slice(0, Math.max(0, before - 1)).map((r) => ({
    round: r.number,
    pairs: r.pairings.flatMap((p) => (p.kind === 'game' ? [p.players] : [])),
    byes: r.pairings.flatMap((p) => (p.kind === 'bye' ? [p.player] : [])),
  }))
}

/** How the automatic plan pairs one round of a history that does not say how it was paired. */
export interface HistoryRoundPlan extends RoundPlan {
  /** Initial Fontes: the rounds it spans; undefined for other systems. */
  readonly fontesRounds?: number
  /** A schedule step (round robin, Initial Fontes) that the history may not have followed. */
  readonly scheduleSkipped: boolean
}

/**
 * The automatic plan's pairing of `round` for `players` over `rounds`, on a history that does not
 * say which system paired its rounds (a tsh `.t`: the CLI and the replay bench alike). A round
 * robin goes on while `history` is one (issue 29); without the history, or for Initial Fontes, a
 * schedule step pairs only its own first round: past it, the history may not be the schedule's,
 * so the round goes on as Swiss (King of the Hill last), as `roundPlanFor` does for an imported
 * division.
 */
export function autoPlanForHistory(
  players: number,
  rounds: number,
  round: number,
  sessionBreaks: readonly number[] = [],
  history?: PlanHistory,
): HistoryRoundPlan {
  return planForHistory({
    plan: null,
    players,
    rounds,
    round,
    sessionBreaks,
    ...(history === undefined ? {} : { history: () => history }),
  })
}

/** A `.t` file's round to pair, by a plan of the director's (config.tsh) or the automatic one. */
export interface HistoryPlanRequest {
  /** The director's steps (config.tsh's autopair lines); null for the automatic plan. */
  readonly plan: readonly PlanStep[] | null
  /** Active players. */
  readonly players: number
  readonly rounds: number
  readonly round: number
  readonly sessionBreaks: readonly number[]
  /** The file's rounds so far, read only when a round-robin step needs them. */
  readonly history?: () => PlanHistory
}

/**
 * `round` of a `.t` by the director's plan (the division's autopair lines in config.tsh) or, with
 * none, the automatic plan (`autoPlanForHistory`): the same `roundPlanOn` as the desk's.
 */
export function planForHistory(request: HistoryPlanRequest): HistoryRoundPlan {
  const { rounds, round, sessionBreaks, history } = request
  const plan = request.plan ?? autoPlan(request.players, rounds, sessionBreaks)
  const resolved = roundPlanOn(
    {
      plan,
      automatic: request.plan === null,
      active: request.players,
      eventRounds: rounds,
      sessionBreaks,
      ...(history === undefined ? {} : { history }),
      // A .t does not say which program paired its rounds.
      breakOf: (step, r) =>
        isScheduleSystem(step.system) && r > step.fromRound
          ? { round: step.fromRound, reason: 'imported', system: null }
          : null,
    },
    round,
  )
  const { step, planned } = resolved
  return {
    ...resolved,
    ...(step.system === 'fontes' ? { fontesRounds: fontesSpan(plan, { rounds }) } : {}),
    scheduleSkipped: step !== planned,
  }
}

/** Tables are numbered from 1 to 9999 (tsh's limit is far above any hall). */
const MAX_TABLE_OFFSET = 9000
const MAX_TABLE = 9999

/**
 * Where the division's tables start; checked so every table number stays a positive integer. With
 * `renumberRound` the division's latest round moves with it: every game by the step from the first
 * table it had (the hall's default or the director's) to the new one, so locked and reserved tables
 * keep their places relative to the rest, and results, starts and arrivals stay with their games.
 */
export function setTableOffset(
  division: Division,
  command: CommandOf<'setTableOffset'>,
  state: TournamentState,
): Result<Division> {
  const { offset } = command
  if (!Number.isInteger(offset) || offset < 0 || offset > MAX_TABLE_OFFSET) {
    return err(
      'division.table-offset.invalid',
      `The tables of division ${division.name} must start at a whole number from 1 to ${MAX_TABLE_OFFSET + 1}.`,
      { field: 'tableOffset', details: { offset } },
    )
  }
  const moved = { ...division, tableOffset: offset }
  if (command.renumberRound === undefined) return ok(moved)
  const latest = division.rounds.at(-1)
  if (latest === undefined || latest.number !== command.renumberRound) {
    return err(
      'division.table-offset.round-not-latest',
      `Only the latest round of division ${division.name} can be renumbered, not round ${command.renumberRound}.`,
      { field: 'renumberRound', details: { round: command.renumberRound } },
    )
  }
  // From where the round was paired: its block may have moved on since (issue 28).
  const step = offset - (pairedOffset(latest) ?? tableOffsetOf(state, division.name))
  const pairings = latest.pairings.map((p) =>
    p.kind === 'game' ? { ...p, table: p.table + step } : p,
  )
  const tables = pairings.flatMap((p) => (p.kind === 'game' ? [p.table] : []))
  const lowest = Math.min(...tables)
  const highest = Math.max(...tables)
  if (lowest < 1 || highest > MAX_TABLE) {
    return err(
      'division.table-offset.renumber-range',
      `Round ${latest.number} of division ${division.name} would need tables ${lowest} to ${highest}: a locked table sits too far below its first table.`,
      { field: 'tableOffset', details: { offset, lowest, highest } },
    )
  }
  return ok({ ...moved, rounds: [...division.rounds.slice(0, -1), { ...latest, pairings }] })
}

export function setPairingPlan(
  division: Division,
  command: CommandOf<'setPairingPlan'>,
  { info }: Context,
): Result<Division> {
  const plan = validatePlan(command.plan, info)
  if (!plan.ok) return plan
  return ok({ ...division, plan: plan.value })
}
