/**
 * One round of a tsh `.t` paired from the position before it by the plan (issue 29): the one
 * use-case `rackside pair`, the conformance kit's generator and its verifier all call, so they
 * pair exactly alike for the same file; the CLI's options come in as overrides.
 */
import type { CopOptions } from '../cop'
import type { TDivisionFile } from '../../formats/t-file-types'
import type { Result } from '../../result'
import type { PlayerId } from '../../results/game-result'
import { PRESETS } from '../../rules/presets'
import type { PresetId } from '../../rules/rule-set'
import { err } from '../../result'
import {
  defaultContention,
  gibsonOptions,
  type ContentionSettings,
} from '../../tournament/pairing-rules'
import { planForHistory, type HistoryRoundPlan } from '../../tournament/plan'
import type { PlanStep } from '../../tournament/types'
import { pairingInputFromTFile, playersInRound, tFileHistory } from '../from-t-file'
import { pairRound } from '../pair-round'
import type { GibsonOptions, PairedRound, PairingInput, PairingSystem } from '../types'
import type { RankMode } from '../weights'

export interface PlanRoundRequest {
  readonly round: number
  /**
   * Rounds in the event (the plan and the price of a repeat depend on it); undefined only with
   * `system`: no plan then, and a repeat priced without the event's length.
   */
  readonly rounds?: number
  readonly preset: PresetId
  /** The director's plan (config.tsh's autopair lines); null: the automatic plan. */
  readonly plan: readonly PlanStep[] | null
  /** One system for every round instead of the plan (`--system`). */
  readonly system?: PairingSystem
  /** Repeats allowed; undefined: the plan's step's (none with a system). */
  readonly maxRepeats?: number | null
  /** The seed of the program's draws (starts under MSA, random pairing). */
  readonly seed: number
  /**
   * Gibsonization and contenders; undefined: a division's default under the plan (contenders in
   * the last rounds, as the Rounds screen and `rackside pair` without --system), none with a system.
   */
  readonly contention?: ContentionSettings
  /** The engine's contention options as given (the CLI's flags), over `contention`; null: none. */
  readonly gibson?: GibsonOptions | null
  /** Rounds after which play stops (tsh's session_breaks): the plan's lag follows them. */
  readonly sessionBreaks?: readonly number[]
  /** The standings the round is paired on (`--based-on`); default the plan's basis. */
  readonly basedOn?: number
  /** Rounds of Initial Fontes (`--fontes-rounds`); default the plan's. */
  readonly fontesRounds?: number
  /** The first round of the round robin (`--rr-start`); default the plan's round-robin step's. */
  readonly roundRobinStart?: number
  readonly rankMode?: RankMode
  /** Pairs that must not meet (`--avoid`). */
  readonly avoid?: readonly (readonly [PlayerId, PlayerId])[]
  /** COP's settings (`--simulations`, `--prize-places`, `--hopefulness`, `--top-down-byes`). */
  readonly cop?: CopOptions
}

export interface PlannedRound {
  /** The plan on the file's history; null when a system pairs an event of unknown length. */
  readonly plan: HistoryRoundPlan | null
  /** The position before the round, as the engine sees it. */
  readonly input: PairingInput
  readonly paired: PairedRound
}

/** The engine's contention options: as given, else the desk's from the settings. */
function gibsonFor(request: PlanRoundRequest): GibsonOptions | undefined {
  if (request.gibson !== undefined) return request.gibson ?? undefined
  const { rounds } = request
  if (rounds === undefined) return undefined
  const settings =
    request.contention ?? (request.system === undefined ? defaultContention(rounds) : null)
  if (settings === null) return undefined
  return gibsonOptions(settings, { rounds }, PRESETS[request.preset].results.spreadCapPerGame)
}

/** The plan's step for the round on the file's history (issue 29: a round robin goes on). */
export function planOnFile(
  file: TDivisionFile,
  request: Pick<PlanRoundRequest, 'round' | 'plan' | 'sessionBreaks'> & { readonly rounds: number },
): HistoryRoundPlan {
  const { round } = request
  return planForHistory({
    plan: request.plan,
    // The automatic plan is worked out on the players still in the event at the round.
    players: playersInRound(file, round),
    rounds: request.rounds,
    round,
    sessionBreaks: request.sessionBreaks ?? [],
    history: () => tFileHistory(file, round),
  })
}

export function planRound(file: TDivisionFile, request: PlanRoundRequest): Result<PlannedRound> {
  const { round, rounds, seed } = request
  const plan = rounds === undefined ? null : planOnFile(file, { ...request, rounds })
  const chosen = request.system
  if (chosen === undefined && plan?.step.system === 'manual') {
    return err(
      'pairing.plan.manual',
      `The plan leaves round ${String(round)} to the director: no system pairs it`,
      { details: { round } },
    )
  }
  const system = chosen ?? plan?.step.system ?? 'swiss'
  // A round robin starts where the plan's round-robin step does, chosen or not (the cycle of a
  // repeated round robin that the round is in).
  const rrStart =
    request.roundRobinStart ??
    ((system === 'round-robin' || system === 'double-round-robin') &&
    plan?.planned.system === system
      ? plan.planned.fromRound
      : undefined)
  const fontesRounds =
    request.fontesRounds ?? (chosen === undefined ? plan?.fontesRounds : undefined)
  const gibson = gibsonFor(request)
  const input = pairingInputFromTFile(file, {
    round,
    basedOn: request.basedOn ?? (plan !== null && chosen === undefined ? plan.basis : round - 1),
    system,
    maxRepeats:
      request.maxRepeats === undefined
        ? chosen === undefined
          ? (plan?.step.maxRepeats ?? null)
          : null
        : request.maxRepeats,
    seed,
    ...(rounds === undefined ? {} : { rounds }),
    ...(request.rankMode === undefined ? {} : { rankMode: request.rankMode }),
    ...(fontesRounds === undefined ? {} : { fontesRounds }),
    ...(rrStart === undefined ? {} : { roundRobinStart: rrStart }),
    starts: { rules: PRESETS[request.preset], options: { seed } },
    ...(gibson === undefined ? {} : { gibson }),
    ...(request.avoid === undefined ? {} : { constraints: { avoid: request.avoid } }),
    ...(request.cop === undefined ? {} : { cop: request.cop }),
  })
  if (!input.ok) return input
  const paired = pairRound(input.value)
  if (!paired.ok) return paired
  return { ok: true, value: { plan, input: input.value, paired: paired.value } }
}
