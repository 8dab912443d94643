/**
 * The automatic pairing plan: what a division gets until the director sets one, built the way
 * tsh's autopair is usually set up for an event of this size and length.
 *
 * - Round robin while whole cycles fit: a field of n plays n − 1 rounds per cycle (n when odd,
 *   one bye each). One cycle is a round robin, two a double round robin, more repeat the single
 *   schedule. Rounds left over after the cycles are Swiss, the last one King of the Hill.
 * - Otherwise (more players than rounds allow a round robin):
 *   - Initial Fontes for the first 3 rounds (5 for a big field: 100 players or more and at least
 *     14 rounds), when the event has at least Fontes + 2 rounds and 8 players or more;
 *     a shorter event opens seeded by rating (top half v bottom half) for round 1 instead.
 *   - Swiss after that. A big field (100 players or more) in an event whose director set session
 *     breaks is paired lagged inside a session (on the standings of the round before last, so the
 *     next round can be paired while one is still being played), and on the latest standings in
 *     the first round after a break (shared/tournament/plan.ts, `basisRound`), as tsh's
 *     `session_breaks`. With no breaks set nothing is lagged: lag costs fairness (a 109-player
 *     field lagged every round summed win gaps of 404 against tsh's 301), and only the director
 *     knows when pairings are needed during play.
 *   - King of the Hill for the last round of an event of 5 rounds or more (on the last round's
 *     standings, never lagged: the final round pairs the leaders on the final standings).
 * Every step has no repeat limit: repeats are only priced by the weight model (weights.ts).
 * A schedule step (round robin, Initial Fontes) pairs only while the division's past rounds are
 * the ones that schedule made; otherwise the rounds go on as `afterSchedule` says
 * (shared/desk/pair-next.ts, `roundPlanFor`).
 */
import type { PairingSystem } from './types'

export interface AutoPlanStep {
  readonly fromRound: number
  readonly system: PairingSystem
  readonly basedOn: 'previous' | 'lagged'
  /** null = no limit. */
  readonly maxRepeats: number | null
  /** Swiss only: neighbours in a score group instead of top half v bottom half. */
  readonly neighbours?: boolean
}

/** Thresholds, named so the doc above and the code agree. */
export const AUTO_PLAN = {
  lagFrom: 100,
  bigField: 100,
  bigFieldRounds: 14,
  fontesMinPlayers: 8,
  kothFromRounds: 5,
} as const

const step = (
  fromRound: number,
  system: PairingSystem,
  basedOn: AutoPlanStep['basedOn'] = 'previous',
): AutoPlanStep => ({ fromRound, system, basedOn, maxRepeats: null })

/** Lag only where it helps: a big field, in an event with a session break before its end. */
const lags = (players: number, rounds: number, sessionBreaks: readonly number[]): boolean =>
  players >= AUTO_PLAN.lagFrom && sessionBreaks.some((b) => b < rounds)

/** Swiss from `from` to the end, the last round King of the Hill when the event is long enough. */
function swissThenKoth(
  from: number,
  rounds: number,
  players: number,
  sessionBreaks: readonly number[],
): AutoPlanStep[] {
  const steps: AutoPlanStep[] = []
  const kothRound = rounds >= AUTO_PLAN.kothFromRounds ? rounds : null
  const basedOn = lags(players, rounds, sessionBreaks) ? 'lagged' : 'previous'
  if (from <= rounds && from !== kothRound) steps.push(step(from, 'swiss', basedOn))
  if (kothRound !== null && kothRound >= from) steps.push(step(kothRound, 'koth'))
  return steps
}

/**
 * The automatic plan for `players` active players and `rounds` rounds (at least one step);
 * `sessionBreaks` are the event's (tsh's `session_breaks`): without them nothing is lagged.
 */
export function autoPlan(
  players: number,
  rounds: number,
  sessionBreaks: readonly number[] = [],
): readonly AutoPlanStep[] {
  const total = Math.max(1, rounds)
  const cycle = players % 2 === 0 ? players - 1 : players
  if (players >= 2 && cycle >= 1 && total >= cycle) {
    const cycles = Math.floor(total / cycle)
    const steps: AutoPlanStep[] =
      cycles === 2
        ? [step(1, 'double-round-robin')]
        : Array.from({ length: cycles }, (_, k) => step(1 + k * cycle, 'round-robin'))
    return [...steps, ...swissThenKoth(cycles * cycle + 1, total, players, sessionBreaks)]
  }
  const fontes = players >= AUTO_PLAN.bigField && total >= AUTO_PLAN.bigFieldRounds ? 5 : 3
  if (players >= AUTO_PLAN.fontesMinPlayers && total >= fontes + 2) {
    return [step(1, 'fontes'), ...swissThenKoth(fontes + 1, total, players, sessionBreaks)]
  }
  return [step(1, 'rating'), ...swissThenKoth(2, total, players, sessionBreaks)]
}

/**
 * The automatic plan's step for `round` when its schedule (round robin, Initial Fontes) cannot
 * follow the division's history (imported, paired by hand or by another system): Swiss, and King
 * of the Hill in the last round of an event long enough for it, as the plan does past a schedule.
 */
export function afterSchedule(
  players: number,
  rounds: number,
  round: number,
  sessionBreaks: readonly number[] = [],
): AutoPlanStep {
  const total = Math.max(1, rounds, round)
  const steps = swissThenKoth(round, total, players, sessionBreaks)
  return steps[0] ?? step(round, 'swiss')
}

const SYSTEM_WORDS: Readonly<Record<PairingSystem, string>> = {
  swiss: 'Swiss',
  koth: 'King of the Hill',
  'round-robin': 'round robin',
  'double-round-robin': 'double round robin',
  random: 'random draw',
  rating: 'seeded by rating',
  fontes: 'Initial Fontes',
  australian: 'Australian Draw',
  manual: 'manual pairing',
  cop: 'COP',
}

/**
 * A plan in words for the Rounds screen: "Rounds 1–3: Initial Fontes; rounds 4–11: Swiss on the
 * round before last; round 12: King of the Hill".
 */
export function describePlan(plan: readonly AutoPlanStep[], rounds: number): string {
  const parts: string[] = []
  plan.forEach((s, i) => {
    const last = Math.min(rounds, (plan[i + 1]?.fromRound ?? rounds + 1) - 1)
    if (last < s.fromRound) return
    const span =
      last === s.fromRound
        ? `round ${String(s.fromRound)}`
        : `rounds ${String(s.fromRound)}–${String(last)}`
    const words = [SYSTEM_WORDS[s.system]]
    if (s.neighbours === true) words.push('pairing neighbours in each score group')
    if (s.basedOn === 'lagged') words.push('on the round before last inside a session')
    const limit =
      s.maxRepeats === null
        ? ''
        : s.maxRepeats === 0
          ? ', no repeats'
          : `, at most ${String(s.maxRepeats)} repeat${s.maxRepeats === 1 ? '' : 's'}`
    parts.push(`${span}: ${words.join(' ')}${limit}`)
  })
  const text = parts.join('; ')
  return text.charAt(0).toUpperCase() + text.slice(1)
}
