/** `pair FILE`: pairs a round of a tsh `.t` division from the rounds before it (shared/pairing). */
import { describeRoundPlan } from '../../shared/desk/pair-next'
import { parseConfigTsh } from '../../shared/formats/config-tsh'
import { formatProblem, hasErrors, type FormatProblem } from '../../shared/formats/problem'
import { decodeTFileBytes } from '../../shared/formats/text-codec'
import { planFromAutopair } from '../../shared/formats/tsh-autopair'
import { divisionNaming, fileStem } from '../../shared/formats/tsh-import'
import { autoPlan, describePlan } from '../../shared/pairing/auto-plan'
import { planRound } from '../../shared/pairing/conformance/plan-round'
import type { CopOptions } from '../../shared/pairing/cop'
import { playersInRound } from '../../shared/pairing/from-t-file'
import type { PairedRound, PairingSystem } from '../../shared/pairing/types'
import { PRESET_IDS, type PresetId } from '../../shared/rules/rule-set'
import { systemWords } from '../../shared/tournament/describe'
import type { HistoryRoundPlan } from '../../shared/tournament/plan'
import type { PlanStep } from '../../shared/tournament/types'
import { MAX_ROUNDS } from '../../shared/tournament/validation'
import { parseArgs } from './args'
import {
  CONTENTION_FLAGS,
  CONTENTION_OPTIONS,
  CONTENTION_USAGE,
  contentionFromArgs,
} from './contention-options'
import { CliError, EXIT, readBytes, type CliIo, type ExitCode } from './io'
import { encodingOption, readTInput } from './t-input'

export const PAIR_USAGE = `rackside pair FILE.t --round N [--rounds TOTAL]
                   [--system swiss|koth|rr|drr|random|rating|fontes|australian|cop]
                   [--based-on M] [--max-repeats K|none] [--neighbours] [--seed S]
                   [--simulations N] [--prize-places P] [--hopefulness S1,S2,…] [--top-down-byes]
                   [--fontes-rounds R] [--rr-start R] [--session-breaks R1,R2,…]
                   [--config config.tsh [--division D]]
                   [--preset ${PRESET_IDS.join('|')}] [--json] [--encoding latin1|utf8]
                   ${CONTENTION_USAGE}
  Pairs round N from the rounds before it. Without --system, the automatic plan for the
  field and the event's TOTAL rounds decides (round robin, Initial Fontes, Swiss, King of the
  Hill) and --rounds is required. On the standings after round M (default N-1, or the plan's:
  N-2 for lagged pairing inside a session: --session-breaks lists the rounds after which play
  stops, as tsh's session_breaks; the first round after one, and every round when none is given,
  pairs on the latest standings). A round robin of the plan goes on from any rounds that are one
  (every pair met at most once a cycle, whoever paired them), finished without a repeat when that
  can be done, and says so; otherwise, and for Initial Fontes (a .t file does not say which system
  paired its rounds), later rounds go on as Swiss (King of the Hill last). --config config.tsh
  pairs by the division's autopair lines instead (the division config.tsh names for the file, or
  --division), as an imported event would; --rounds then defaults to its last autopair round. Repeats: no limit unless --max-repeats; --neighbours pairs Swiss
  score groups 1 v 2 instead of top half v bottom half. --gibson Gibsonizes players who have
  clinched their prize band, --contender-rounds K pairs leaders with players who can still
  catch them in the last K rounds (both need --rounds; the automatic plan pairs contenders in
  the last 3 rounds unless --contender-rounds 0), --gibson-spread N (default 500, tsh's) is the
  most one player gains or loses in a game. --system cop simulates the rounds left from the
  standings (TOTAL from --rounds) and pairs to keep control of the prize race, reproducibly
  from --seed (shared/pairing/cop.ts): --simulations N (default 1000), --prize-places P (default
  the Gibson prize places, else 3), --hopefulness the share of simulations that keeps a player
  hopeful with one, two, three … rounds left (default 0,0.1,0.05,0.01,0.0025), --top-down-byes
  gives the bye to the highest ranked of those with the fewest. Starts follow the preset (default
  nsa1995); where it lets the program draw for first (msa, wsc2003, msa-guide, wespa: MSA 1.2),
  --seed (default 0) makes the draw, one per table, so the same file and seed give the same starters.`

export const SYSTEMS: Readonly<Record<string, PairingSystem>> = {
  swiss: 'swiss',
  koth: 'koth',
  rr: 'round-robin',
  drr: 'double-round-robin',
  random: 'random',
  rating: 'rating',
  fontes: 'fontes',
  australian: 'australian',
  cop: 'cop',
}

const wholeNumber = (name: string, value: string | undefined): number | undefined => {
  if (value === undefined) return undefined
  if (!/^\d+$/.test(value)) throw new CliError(`--${name} must be a whole number`)
  return Number(value)
}

/**
 * A round number or a count of rounds: at most an event's `MAX_ROUNDS` (issue 28: `--rounds
 * 100000` was taken, and the plan and contention work over every round up to it).
 */
const roundsNumber = (name: string, value: string | undefined): number | undefined => {
  const n = wholeNumber(name, value)
  if (n !== undefined && n > MAX_ROUNDS) {
    throw new CliError(
      `--${name} ${String(value)} is more rounds than an event has: at most ${String(MAX_ROUNDS)}`,
    )
  }
  return n
}

/** `--max-repeats`: a whole number, or `none` (the default) for no limit. */
function repeatLimit(value: string | undefined): number | null | undefined {
  if (value === undefined) return undefined
  if (value === 'none') return null
  return wholeNumber('max-repeats', value)
}

function pairingsTable(round: PairedRound, nameOf: (id: number) => string): string {
  const lines = round.pairings.map(
    (p) =>
      `${String(p.table).padStart(3)}  ${nameOf(p.first)} (#${String(p.first)}) vs ${nameOf(p.second)} (#${String(p.second)})\n       ${p.reason}`,
  )
  for (const bye of round.byes) {
    lines.push(`bye  ${nameOf(bye.player)} (#${String(bye.player)}): ${bye.reason}`)
  }
  return [`Round ${String(round.round)}`, ...lines, '', round.summary.text].join('\n')
}

/** `--session-breaks 7,12`: increasing round numbers from 1. */
/** COP's settings from the command line; undefined when none is given. */
function copOptions(
  flags: ReadonlySet<string>,
  options: ReadonlyMap<string, string>,
): CopOptions | undefined {
  const simulations = wholeNumber('simulations', options.get('simulations'))
  if (simulations !== undefined && (simulations < 1 || simulations > 100_000)) {
    throw new CliError('--simulations must be from 1 to 100000')
  }
  const prizePlaces = wholeNumber('prize-places', options.get('prize-places'))
  if (prizePlaces !== undefined && prizePlaces < 1) {
    throw new CliError('--prize-places must be 1 or more')
  }
  const shares = options.get('hopefulness')
  const hopefulness = shares?.split(',').map((part) => {
    const share = Number(part.trim())
    if (part.trim() === '' || !Number.isFinite(share) || share < 0 || share > 1) {
      throw new CliError(
        `--hopefulness lists shares from 0 to 1 by rounds left, like 0,0.1,0.05: "${part}" is not one`,
      )
    }
    return share
  })
  const cop: CopOptions = {
    ...(simulations === undefined ? {} : { simulations }),
    ...(prizePlaces === undefined ? {} : { prizePlaces }),
    ...(hopefulness === undefined ? {} : { hopefulness }),
    ...(flags.has('top-down-byes') ? { topDownByes: true } : {}),
  }
  return Object.keys(cop).length === 0 ? undefined : cop
}

function sessionBreaks(value: string | undefined): readonly number[] {
  if (value === undefined || value.trim() === '') return []
  const breaks = value.split(',').map((part) => wholeNumber('session-breaks', part.trim()) ?? 0)
  breaks.forEach((b, i) => {
    if (b < 1 || b <= (breaks[i - 1] ?? 0)) {
      throw new CliError('--session-breaks must list increasing round numbers from 1, like 7,12')
    }
  })
  return breaks
}

/**
 * How the automatic plan pairs the round, in words, when it is not simply the plan's step: a
 * round robin continued or given up (the desk's words, `describeRoundPlan`), or a schedule a .t
 * cannot show it made.
 */
function planNote(auto: HistoryRoundPlan, round: number): string | null {
  if (auto.roundRobin !== null) return describeRoundPlan(auto, round)
  if (!auto.scheduleSkipped) return null
  return `Round ${String(round)}: ${systemWords(auto.step.system)} — a .t file does not say whether rounds ${String(auto.planned.fromRound)}–${String(round - 1)} were paired by the ${systemWords(auto.planned.system)} schedule`
}

export interface ConfigPlan {
  readonly readable: boolean
  readonly problems: readonly FormatProblem[]
  /** The division's steps from its autopair lines; null without any (the automatic plan). */
  readonly plan: readonly PlanStep[] | null
  readonly division: string
  /** The last round an autopair line of the division pairs. */
  readonly lastRound: number | undefined
}

/** config.tsh's autopair lines for the `.t`'s division, as an import reads them (tsh-autopair.ts). */
export async function readConfig(
  configPath: string,
  tPath: string,
  options: ReadonlyMap<string, string>,
): Promise<ConfigPlan> {
  const text = decodeTFileBytes(await readBytes(configPath)).text
  const { config, problems } = parseConfigTsh(text)
  const division =
    options.get('division') ??
    divisionNaming(config, tPath) ??
    (fileStem(tPath).toUpperCase() || 'A')
  const rounds = config.autopair
    .filter((l) => l.division.toUpperCase() === division.toUpperCase())
    .map((l) => l.round)
  const lastRound = rounds.length === 0 ? undefined : Math.max(...rounds)
  const roundsOption = options.get('rounds')
  const total = roundsOption === undefined ? lastRound : Number(roundsOption)
  const breaks = sessionBreaks(options.get('session-breaks'))
  const { plan, warnings } = planFromAutopair(config.autopair, division, total, breaks)
  return {
    readable: !hasErrors(problems),
    problems: [...problems, ...warnings],
    plan,
    division,
    lastRound,
  }
}

export async function pairCommand(argv: readonly string[], io: CliIo): Promise<ExitCode> {
  const args = parseArgs(argv, {
    flags: ['json', 'neighbours', 'top-down-byes', ...CONTENTION_FLAGS],
    options: [
      'round',
      'system',
      'based-on',
      'max-repeats',
      'seed',
      'fontes-rounds',
      'rr-start',
      'session-breaks',
      'config',
      'division',
      'preset',
      'encoding',
      'simulations',
      'prize-places',
      'hopefulness',
      ...CONTENTION_OPTIONS,
    ],
  })
  if (!args.ok) throw new CliError(args.error.message)
  const { flags, options, positionals } = args.value
  if (flags.has('help')) {
    io.stdout(`${PAIR_USAGE}\n`)
    return EXIT.ok
  }
  const [path, ...extra] = positionals
  if (path === undefined || extra.length > 0) throw new CliError(`usage: ${PAIR_USAGE}`)
  const round = roundsNumber('round', options.get('round'))
  if (round === undefined || round < 1) throw new CliError('--round N (from 1) is required')
  const systemName = options.get('system')
  const chosen = systemName === undefined ? undefined : SYSTEMS[systemName]
  if (systemName !== undefined && chosen === undefined) {
    throw new CliError(`--system must be one of ${Object.keys(SYSTEMS).join(', ')}`)
  }
  const totalRounds = roundsNumber('rounds', options.get('rounds'))
  if (totalRounds !== undefined && totalRounds < round) {
    throw new CliError(`--rounds ${String(totalRounds)} is before round ${String(round)}`)
  }
  const configPath = options.get('config')
  if (options.has('division') && configPath === undefined) {
    throw new CliError('--division names a division of --config config.tsh')
  }
  const config = configPath === undefined ? null : await readConfig(configPath, path, options)
  if (config !== null && !config.readable) {
    for (const p of config.problems) io.stdout(`${formatProblem(configPath ?? '', p)}\n`)
    return EXIT.problems
  }
  const ownPlan = config?.plan ?? null
  const eventRounds = totalRounds ?? config?.lastRound
  if (chosen === undefined && eventRounds === undefined) {
    throw new CliError('--rounds TOTAL is needed for the automatic plan (or give --system)')
  }
  const limit = repeatLimit(options.get('max-repeats'))
  const seed = wholeNumber('seed', options.get('seed')) ?? 0
  const presetName = options.get('preset') ?? 'nsa1995'
  const preset = PRESET_IDS.find((id): id is PresetId => id === presetName)
  if (preset === undefined) throw new CliError(`--preset must be one of ${PRESET_IDS.join(', ')}`)

  const contention = contentionFromArgs(flags, options, chosen === undefined)
  const input = await readTInput(path, encodingOption(options.get('encoding')))
  if (!input.readable) {
    for (const p of input.problems) io.stdout(`${formatProblem(path, p)}\n`)
    return EXIT.problems
  }
  const breaks = sessionBreaks(options.get('session-breaks'))
  const basedOn = roundsNumber('based-on', options.get('based-on'))
  const fontesRounds = roundsNumber('fontes-rounds', options.get('fontes-rounds'))
  const rrStart = roundsNumber('rr-start', options.get('rr-start'))
  const cop = copOptions(flags, options)
  // The same use-case the conformance kit pairs by (planRound): the plan on the file's history,
  // by the desk's roundPlanOn, so a round robin goes on while the rounds so far are one (issue 29).
  const paired = planRound(input.file, {
    round,
    ...(eventRounds === undefined ? {} : { rounds: eventRounds }),
    preset,
    plan: ownPlan,
    ...(chosen === undefined ? {} : { system: chosen }),
    ...(limit === undefined ? {} : { maxRepeats: limit }),
    seed,
    gibson: contention.gibson ?? null,
    sessionBreaks: breaks,
    ...(basedOn === undefined ? {} : { basedOn }),
    ...(fontesRounds === undefined ? {} : { fontesRounds }),
    ...(rrStart === undefined ? {} : { roundRobinStart: rrStart }),
    ...(flags.has('neighbours') ? { rankMode: 'neighbours' as const } : {}),
    ...(contention.avoid === undefined ? {} : { avoid: contention.avoid }),
    ...(cop === undefined ? {} : { cop }),
  })
  if (!paired.ok && paired.error.code === 'pairing.plan.manual') {
    io.stdout(
      `${path}: config.tsh has no autopair line for round ${String(round)} of division ${config?.division ?? ''}: tsh leaves it to the director (give --system)\n`,
    )
    return EXIT.problems
  }
  if (!paired.ok) {
    const where = paired.error.line === undefined ? '' : `${String(paired.error.line)}:`
    io.stdout(`${path}:${where} cannot pair round ${String(round)}: ${paired.error.message}\n`)
    return EXIT.problems
  }
  const auto = paired.value.plan
  const plan =
    eventRounds === undefined
      ? null
      : (ownPlan ?? autoPlan(playersInRound(input.file, round), eventRounds, breaks))
  const scheduleNote = chosen === undefined && auto !== null ? planNote(auto, round) : null
  const result = paired.value.paired
  const maxRepeats = paired.value.input.maxRepeats ?? null
  if (flags.has('json')) {
    const byes = result.byes.map((b) => b.player)
    const { summary } = result
    io.stdout(
      `${JSON.stringify({
        round: result.round,
        system: result.system,
        basedOn: result.basedOn,
        ...(plan === null ? {} : { plan: describePlan(plan, eventRounds ?? round) }),
        ...(scheduleNote === null ? {} : { planNote: scheduleNote }),
        ...(config === null || config.problems.length === 0
          ? {}
          : { configNotes: config.problems.map((p) => formatProblem(configPath ?? '', p)) }),
        maxRepeats,
        // The seed belongs to the export (it makes the draw reproducible), not to the reasons.
        seed,
        pairings: result.pairings.map((p) => ({
          table: p.table,
          first: p.first,
          second: p.second,
          reason: p.reason,
        })),
        bye: byes[0] ?? null,
        // A round robin with absent players can leave more than one player without a game.
        ...(byes.length > 1 ? { byes } : {}),
        repeats: summary.repeats,
        backToBack: summary.backToBack,
        // Pairings past --max-repeats, made only because no pairing of the round keeps it.
        overLimit: summary.overLimit,
        overLimitPairs: summary.overLimitPairs,
        summary: summary.lines,
      })}\n`,
    )
    return EXIT.ok
  }
  const names = new Map(input.file.players.map((p) => [p.id, p.name]))
  for (const p of config?.problems ?? []) io.stdout(`${formatProblem(configPath ?? '', p)}\n`)
  if (plan !== null) {
    const whose = ownPlan === null ? '' : ' (config.tsh)'
    io.stdout(`Plan${whose}: ${describePlan(plan, eventRounds ?? round)}\n`)
  }
  if (scheduleNote !== null) io.stdout(`${scheduleNote}\n`)
  io.stdout(`${pairingsTable(result, (id) => names.get(id) ?? `#${String(id)}`)}\n`)
  return EXIT.ok
}
