/** `pair FILE`: pairs a round of a tsh `.t` division from the rounds before it (shared/pairing). */
import { formatProblem } from '../../shared/formats/problem'
import { pairingInputFromTFile } from '../../shared/pairing/from-t-file'
import { pairRound } from '../../shared/pairing/pair-round'
import type { PairedRound, PairingSystem } from '../../shared/pairing/types'
import { PRESETS } from '../../shared/rules/presets'
import { PRESET_IDS, type PresetId } from '../../shared/rules/rule-set'
import { parseArgs } from './args'
import { CliError, EXIT, type CliIo, type ExitCode } from './io'
import { encodingOption, readTInput } from './t-input'

export const PAIR_USAGE = `rackside pair FILE.t --round N --system swiss|koth|rr|drr|random|rating|fontes|australian
                   [--based-on M] [--max-repeats K] [--seed S] [--fontes-rounds R]
                   [--preset ${PRESET_IDS.join('|')}] [--json] [--encoding latin1|utf8]
  Pairs round N from the rounds before it, on the standings after round M (default N-1;
  N-2 for lagged pairing). Starts follow the preset (default nsa1995); where it lets the
  program draw for first (msa, wsc2003, msa-guide: MSA 1.2), --seed (default 0) makes the draw,
  one per table, so the same file and seed give the same starters.`

const SYSTEMS: Readonly<Record<string, PairingSystem>> = {
  swiss: 'swiss',
  koth: 'koth',
  rr: 'round-robin',
  drr: 'double-round-robin',
  random: 'random',
  rating: 'rating',
  fontes: 'fontes',
  australian: 'australian',
}

const wholeNumber = (name: string, value: string | undefined): number | undefined => {
  if (value === undefined) return undefined
  if (!/^\d+$/.test(value)) throw new CliError(`--${name} must be a whole number`)
  return Number(value)
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

export async function pairCommand(argv: readonly string[], io: CliIo): Promise<ExitCode> {
  const args = parseArgs(argv, {
    flags: ['json'],
    options: [
      'round',
      'system',
      'based-on',
      'max-repeats',
      'seed',
      'fontes-rounds',
      'preset',
      'encoding',
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
  const round = wholeNumber('round', options.get('round'))
  if (round === undefined || round < 1) throw new CliError('--round N (from 1) is required')
  const systemName = options.get('system')
  const system = systemName === undefined ? undefined : SYSTEMS[systemName]
  if (system === undefined) {
    throw new CliError(`--system must be one of ${Object.keys(SYSTEMS).join(', ')}`)
  }
  const basedOn = wholeNumber('based-on', options.get('based-on')) ?? round - 1
  const maxRepeats = wholeNumber('max-repeats', options.get('max-repeats')) ?? 0
  const seed = wholeNumber('seed', options.get('seed')) ?? 0
  const fontesRounds = wholeNumber('fontes-rounds', options.get('fontes-rounds'))
  const presetName = options.get('preset') ?? 'nsa1995'
  const preset = PRESET_IDS.find((id): id is PresetId => id === presetName)
  if (preset === undefined) throw new CliError(`--preset must be one of ${PRESET_IDS.join(', ')}`)

  const input = await readTInput(path, encodingOption(options.get('encoding')))
  if (!input.readable) {
    for (const p of input.problems) io.stdout(`${formatProblem(path, p)}\n`)
    return EXIT.problems
  }
  const built = pairingInputFromTFile(input.file, {
    round,
    basedOn,
    system,
    maxRepeats,
    seed,
    ...(fontesRounds === undefined ? {} : { fontesRounds }),
    starts: { rules: PRESETS[preset], options: { seed } },
  })
  const paired = built.ok ? pairRound(built.value) : built
  if (!paired.ok) {
    const where = paired.error.line === undefined ? '' : `${String(paired.error.line)}:`
    io.stdout(`${path}:${where} cannot pair round ${String(round)}: ${paired.error.message}\n`)
    return EXIT.problems
  }
  const result = paired.value
  if (flags.has('json')) {
    const byes = result.byes.map((b) => b.player)
    io.stdout(
      `${JSON.stringify({
        round: result.round,
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
      })}\n`,
    )
    return EXIT.ok
  }
  const names = new Map(input.file.players.map((p) => [p.id, p.name]))
  io.stdout(`${pairingsTable(result, (id) => names.get(id) ?? `#${String(id)}`)}\n`)
  return EXIT.ok
}
