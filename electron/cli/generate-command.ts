/** `generate`: a random event paired by Rackside's own plan, as a tsh `.t` (issue 29). */
import {
  GENERATE_DEFAULTS,
  generateEvent,
  MAX_GENERATED_PLAYERS,
} from '../../shared/pairing/conformance/generate'
import { PRESET_IDS, type PresetId } from '../../shared/rules/rule-set'
import { parseArgs } from './args'
import { CliError, EXIT, writeFileAtomic, type CliIo, type ExitCode } from './io'

export const GENERATE_USAGE = `rackside generate --seed N [--players P] [--rounds R] [--spread POINTS]
                   [--forfeits PCT] [--late N] [--withdrawals N]
                   [--preset ${PRESET_IDS.join('|')}] [--out FILE.t]
  Writes a random division as a tsh .t: P players (default ${String(GENERATE_DEFAULTS.players)}, 2 to ${String(MAX_GENERATED_PLAYERS)}) rated evenly over
  POINTS around 1500 (default ${String(GENERATE_DEFAULTS.ratingSpread)}), R rounds (default ${String(GENERATE_DEFAULTS.rounds)}), each paired from the rounds
  before it by Rackside's automatic plan as "rackside pair" pairs it, starts by the preset
  (default ${GENERATE_DEFAULTS.preset}), byes on odd fields; the higher-rated player wins 56 % to 68 % of games.
  --forfeits makes PCT % of games no-shows (0 to 50, at the preset's forfeit spread), --late
  brings N players in from round 2 or 3 (their missed rounds unplayed); both in the file's
  rackside tag as Rackside exports them. --withdrawals takes N players out after a round they
  played, written as tsh writes a withdrawal: "off 0" and no opponent, score 0, in later rounds. The same options give the same file. Without --out the file goes to standard output.
  Check another program against it: pair the players yourself, then "rackside verify".`

const whole = (name: string, value: string | undefined, fallback?: number): number => {
  if (value === undefined) {
    if (fallback === undefined) throw new CliError(`--${name} N is required`)
    return fallback
  }
  if (!/^\d+$/.test(value)) throw new CliError(`--${name} must be a whole number, not "${value}"`)
  return Number(value)
}

export async function generateCommand(argv: readonly string[], io: CliIo): Promise<ExitCode> {
  const args = parseArgs(argv, {
    options: [
      'seed',
      'players',
      'rounds',
      'spread',
      'preset',
      'out',
      'forfeits',
      'late',
      'withdrawals',
    ],
  })
  if (!args.ok) throw new CliError(args.error.message)
  const { flags, options, positionals } = args.value
  if (flags.has('help')) {
    io.stdout(`${GENERATE_USAGE}\n`)
    return EXIT.ok
  }
  if (positionals.length > 0) throw new CliError(`usage: ${GENERATE_USAGE}`)
  const presetName = options.get('preset') ?? GENERATE_DEFAULTS.preset
  const preset = PRESET_IDS.find((id): id is PresetId => id === presetName)
  if (preset === undefined) throw new CliError(`--preset must be one of ${PRESET_IDS.join(', ')}`)
  const seed = whole('seed', options.get('seed'))
  if (seed > 0xffffffff) throw new CliError('--seed must be at most 4294967295')
  const generated = generateEvent({
    seed,
    players: whole('players', options.get('players'), GENERATE_DEFAULTS.players),
    rounds: whole('rounds', options.get('rounds'), GENERATE_DEFAULTS.rounds),
    ratingSpread: whole('spread', options.get('spread'), GENERATE_DEFAULTS.ratingSpread),
    forfeits: whole('forfeits', options.get('forfeits'), 0),
    lateEntries: whole('late', options.get('late'), 0),
    withdrawals: whole('withdrawals', options.get('withdrawals'), 0),
    preset,
  })
  if (!generated.ok) throw new CliError(generated.error.message)
  const out = options.get('out')
  if (out === undefined) {
    io.stdout(generated.value.text)
    return EXIT.ok
  }
  await writeFileAtomic(out, new TextEncoder().encode(generated.value.text))
  const { players } = generated.value.file
  const rounds = players[0]?.opponents.length ?? 0
  io.stdout(
    `${out}: ${String(players.length)} players, ${String(rounds)} rounds (seed ${String(seed)})\n`,
  )
  return EXIT.ok
}
