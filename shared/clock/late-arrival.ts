import { err, ok, type Result } from '../result'
import type { PlayerId } from '../results/game-result'
import type { RuleSet } from '../rules/rule-set'

/** One side of a table at the start of a round. */
export interface TableSeat {
  readonly player: PlayerId
  /** Not at the table when the round started. */
  readonly absent: boolean
  /** When an absent player sat down ready to play (ms); null = not yet. Ignored for present players. */
  readonly arrivedAt: number | null
}

export interface LateArrivalInput {
  /** When the director started the round (ms). */
  readonly roundStart: number
  readonly seats: readonly [TableSeat, TableSeat]
  /** The present moment (ms), passed in: shared/ does not read the time. */
  readonly now: number
}

export type LateForfeitDecision =
  | { readonly kind: 'none' }
  /** MSA guide: arrived with less than the preset's minutes left: may play or forfeit. */
  | { readonly kind: 'may-choose-forfeit' }
  /** MSA guide, NEON: the clock ran out before the player arrived: the game is forfeited. */
  | { readonly kind: 'must-forfeit'; readonly spread: number; readonly rated: boolean }

export interface SeatClock {
  readonly player: PlayerId
  /** Clock time the player has lost to lateness so far (fixed once both have arrived). */
  readonly lostMs: number
  /** Clock time left to play the game with (never below 0). */
  readonly remainingMs: number
  readonly decision: LateForfeitDecision
}

/**
 * Each player's clock at a table where someone was late, by the preset's method (rules.md, "Clock,
 * overtime and late arrival"), as of `now`:
 * - `split-elapsed` (MSA 2.2, WSC 2.2): one absent player's clock runs from the start until they
 *   arrive. Both absent: one clock runs from the start; when the first arrives, each loses half the
 *   time elapsed so far (rounded down to the millisecond), then the other's clock runs on until they
 *   arrive. Until the first arrives, each stands to lose half the time elapsed.
 * - `own-absence` (NEON): each late player loses exactly the time they were absent; with both
 *   absent the second player's side is reduced by what the first lost, which comes to the same.
 * - `clock-runs` (MSA guide, NSA): the director starts each absent player's clock at the start; it
 *   runs until they arrive.
 * `own-absence` and `clock-runs` differ in procedure at the table, not in the time each player loses.
 */
export function lateArrivalClocks(
  input: LateArrivalInput,
  rules: Pick<RuleSet, 'clock' | 'lateArrival'>,
): Result<readonly [SeatClock, SeatClock]> {
  const { roundStart, now, seats } = input
  if (now < roundStart) {
    return err('late.now-before-start', 'The round has not started yet', { field: 'now' })
  }
  for (const seat of seats) {
    if (!seat.absent || seat.arrivedAt === null) continue
    if (seat.arrivedAt < roundStart || seat.arrivedAt > now) {
      return err(
        'late.arrival-out-of-range',
        `Player ${seat.player} cannot arrive before the round starts or after now`,
        { field: 'arrivedAt', details: { player: seat.player } },
      )
    }
  }
  const lost = lostTimes(input, rules.lateArrival.method)
  const full = rules.clock.minutesPerPlayer * 60_000
  const clock = (i: 0 | 1): SeatClock => {
    const seat = seats[i]
    const lostMs = lost[i]
    const remaining = full - lostMs
    return {
      player: seat.player,
      lostMs,
      remainingMs: Math.max(0, remaining),
      decision: seat.absent ? decide(seat, remaining, rules.lateArrival) : { kind: 'none' },
    }
  }
  return ok([clock(0), clock(1)])
}

function lostTimes(
  { roundStart, now, seats }: LateArrivalInput,
  method: RuleSet['lateArrival']['method'],
): readonly [number, number] {
  // How long each player was (or so far has been) away; 0 for a player present at the start.
  const away = (seat: TableSeat): number => (seat.absent ? (seat.arrivedAt ?? now) - roundStart : 0)
  const absence = [away(seats[0]), away(seats[1])] as const
  switch (method) {
    case 'own-absence':
    case 'clock-runs':
      return absence
    case 'split-elapsed': {
      const [a, b] = seats
      if (!(a.absent && b.absent)) return absence
      // The first arrival ends the shared part; until someone arrives it runs to now.
      const firstArrival = Math.min(a.arrivedAt ?? now, b.arrivedAt ?? now)
      const half = Math.floor((firstArrival - roundStart) / 2)
      return [
        half + ((a.arrivedAt ?? now) - firstArrival),
        half + ((b.arrivedAt ?? now) - firstArrival),
      ]
    }
  }
}

/** A digital clock shows −0:01 once a whole second is over. */
const OVER_MS = 1000

function decide(
  seat: TableSeat,
  remainingMs: number,
  rules: RuleSet['lateArrival'],
): LateForfeitDecision {
  // NEON, MSA guide: a player who has not arrived before their time runs out forfeits. A clock at
  // 0:00 has not run out: it is over only once it shows −0:01 (MSA 2.3, WSC 2.3, NSA VIII.C: the
  // only documents that say when a clock is over; the others do not say otherwise).
  if (rules.forfeitWhenClockExpires && remainingMs <= -OVER_MS) {
    return { kind: 'must-forfeit', spread: rules.forfeitSpread, rated: rules.forfeitRated }
  }
  // MSA guide: the choice is made on arrival, so it is offered only once the player is there.
  const under = rules.mayForfeitUnderMinutes
  if (under !== null && seat.arrivedAt !== null && remainingMs < under * 60_000) {
    return { kind: 'may-choose-forfeit' }
  }
  return { kind: 'none' }
}
