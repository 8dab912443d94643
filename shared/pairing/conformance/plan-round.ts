/**
 * One round of a tsh `.t` paired from the position before it by the plan (issue 29): the same
 * `planForHistory` and `pairingInputFromTFile` the CLI's `pair` uses, so the conformance kit's
 * generator and verifier pair exactly as Rackside does for the same file.
 */
import type { TDivisionFile } from '../../formats/t-file-types'
import type { Result } from '../../result'
import { PRESETS } from '../../rules/presets'
import type { PresetId } from '../../rules/rule-set'
import { defaultContention, type ContentionSettings } from '../../tournament/pairing-rules'
import { planForHistory, type HistoryRoundPlan } from '../../tournament/plan'
import type { PlanStep } from '../../tournament/types'
import { pairingInputFromTFile, tFileHistory } from '../from-t-file'
import { pairRound } from '../pair-round'
import type { GibsonOptions, PairedRound, PairingInput, PairingSystem } from '../types'

export interface PlanRoundRequest {
  readonly round: number
  /** Rounds in the event (the plan and the price of a repeat depend on it). */
  readonly rounds: number
  readonly preset: PresetId
  /** The director's plan (config.tsh's autopair lines); null: the automatic plan. */
  readonly plan: readonly PlanStep[] | null
  /** One system for every round instead of the plan (`--system`). */
  readonly system?: PairingSystem
  /** Repeats allowed; undefined: the plan's step's. */
  readonly maxRepeats?: number | null
  /** The seed of the program's draws (starts under MSA, random pairing). */
  readonly seed: number
  /**
   * Gibsonization and contenders; undefined: a division's default under the plan (contenders in
   * the last rounds, as the Rounds screen and `rackside pair` without --system), none with a system.
   */
  readonly contention?: ContentionSettings
}

export interface PlannedRound {
  readonly plan: HistoryRoundPlan
  /** The position before the round, as the engine sees it. */
  readonly input: PairingInput
  readonly paired: PairedRound
}

/** Players still in the event: the automatic plan is worked out on them. */
const activeCount = (file: TDivisionFile): number =>
  file.players.filter((p) => !p.tags.some((t) => t.name === 'off')).length

/** The engine's contention options, as the desk builds them (pairing-rules.ts, gibsonOptions). */
function gibsonFor(request: PlanRoundRequest): GibsonOptions | undefined {
  const settings =
    request.contention ?? (request.system === undefined ? defaultContention(request.rounds) : null)
  if (settings === null || (!settings.gibson && settings.contenderRounds === 0)) return undefined
  const cap = PRESETS[request.preset].results.spreadCapPerGame
  return {
    totalRounds: request.rounds,
    maxSpreadPerRound: cap === null ? settings.maxSpread : Math.min(settings.maxSpread, cap),
    prizeBands: settings.prizeBands,
    gibsonize: settings.gibson,
    contenderRounds: Math.min(settings.contenderRounds, request.rounds),
  }
}

export function planRound(file: TDivisionFile, request: PlanRoundRequest): Result<PlannedRound> {
  const { round, rounds, seed } = request
  const plan = planForHistory({
    plan: request.plan,
    players: activeCount(file),
    rounds,
    round,
    sessionBreaks: [],
    history: () => tFileHistory(file, round),
  })
  const chosen = request.system
  const system = chosen ?? plan.step.system
  const rrStart =
    (system === 'round-robin' || system === 'double-round-robin') && plan.planned.system === system
      ? plan.planned.fromRound
      : undefined
  const gibson = gibsonFor(request)
  const input = pairingInputFromTFile(file, {
    round,
    basedOn: chosen === undefined ? plan.basis : round - 1,
    system,
    maxRepeats:
      request.maxRepeats === undefined
        ? chosen === undefined
          ? plan.step.maxRepeats
          : null
        : request.maxRepeats,
    seed,
    rounds,
    ...(chosen === undefined && plan.fontesRounds !== undefined
      ? { fontesRounds: plan.fontesRounds }
      : {}),
    ...(rrStart === undefined ? {} : { roundRobinStart: rrStart }),
    starts: { rules: PRESETS[request.preset], options: { seed } },
    ...(gibson === undefined ? {} : { gibson }),
  })
  if (!input.ok) return input
  const paired = pairRound(input.value)
  if (!paired.ok) return paired
  return { ok: true, value: { plan, input: input.value, paired: paired.value } }
}
