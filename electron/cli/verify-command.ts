/**
 * `verify FILE`: checks every round of a tsh `.t`, whoever paired it, against the rules and
 * against Rackside's pairing of the position before it (shared/pairing/conformance, issue 29).
 */
import { formatProblem, hasErrors } from '../../shared/formats/problem'
import { checkTFile } from '../../shared/formats/t-check'
import { roundsIn, verifyEvent } from '../../shared/pairing/conformance/verify'
import { PRESET_IDS, type PresetId } from '../../shared/rules/rule-set'
import { defaultContention } from '../../shared/tournament/pairing-rules'
import { MAX_ROUNDS } from '../../shared/tournament/validation'
import { parseArgs } from './args'
import { CliError, EXIT, type CliIo, type ExitCode } from './io'
import { readConfig, SYSTEMS } from './pair-command'
import { encodingOption, readTInput } from './t-input'

export const VERIFY_USAGE = `rackside verify FILE.t [--rounds TOTAL] [--system swiss|koth|rr|drr|random|rating|fontes|australian]
                   [--preset ${PRESET_IDS.join('|')}] [--config config.tsh [--division D]]
                   [--max-repeats K|none] [--gibson] [--seed S] [--json] [--encoding latin1|utf8]
  Checks every round of the file from the rounds before it, whoever paired them, and lists
  each finding with its round and players:
    verify.repeat.avoidable     a rematch where our plan pairs the round with fewer
    verify.repeat.over-limit    a pair met more often than --max-repeats (or config.tsh) allows
    verify.repeat.back-to-back  the same pair in two rounds running, where our plan has fewer
    verify.bye.more-byes        the bye given to a player with more byes than another had
    verify.bye.not-lowest       the bye given over a lower-ranked player with as few byes
    verify.starter.wrong        the wrong player went first where the preset's rules decide
                                (default nsa1995; a draw for first is never wrong)
    verify.gibson.contender     with --gibson: a player who has clinched their prize band
                                plays one still playing for a paying place
    verify.plan.differs         (a note) our plan would pair the round differently
    verify.round.not-paired     (a note) our plan cannot pair the round from the file
    verify.contenders.leader-apart
                                (a note) in the contender rounds the leader, who can still
                                be caught, plays one who cannot where our plan pairs a catcher
  The rounds are paired as "rackside pair" pairs them: by the automatic plan for the event's
  TOTAL rounds (default the rounds in the file), by --system for every round, or by the
  division's autopair lines in --config. --seed (default 0) is the seed of the program's draws.
  Exit 0 when nothing breaks the rules or the plan (notes allowed), 1 when something does,
  2 when the file cannot be read (its problems are listed as FILE:LINE: message).`

export async function verifyCommand(argv: readonly string[], io: CliIo): Promise<ExitCode> {
  const args = parseArgs(argv, {
    flags: ['json', 'gibson'],
    options: [
      'rounds',
      'system',
      'preset',
      'config',
      'division',
      'max-repeats',
      'seed',
      'encoding',
    ],
  })
  if (!args.ok) throw new CliError(args.error.message)
  const { flags, options, positionals } = args.value
  if (flags.has('help')) {
    io.stdout(`${VERIFY_USAGE}\n`)
    return EXIT.ok
  }
  const [path, ...extra] = positionals
  if (path === undefined || extra.length > 0) throw new CliError(`usage: ${VERIFY_USAGE}`)
  const systemName = options.get('system')
  const system = systemName === undefined ? undefined : SYSTEMS[systemName]
  if (systemName !== undefined && system === undefined) {
    throw new CliError(`--system must be one of ${Object.keys(SYSTEMS).join(', ')}`)
  }
  const presetName = options.get('preset') ?? 'nsa1995'
  const preset = PRESET_IDS.find((id): id is PresetId => id === presetName)
  if (preset === undefined) throw new CliError(`--preset must be one of ${PRESET_IDS.join(', ')}`)
  const number = (name: string, most?: number): number | undefined => {
    const value = options.get(name)
    if (value === undefined) return undefined
    if (!/^\d+$/.test(value)) throw new CliError(`--${name} must be a whole number, not "${value}"`)
    if (most !== undefined && Number(value) > most) {
      throw new CliError(`--${name} must be at most ${String(most)}`)
    }
    return Number(value)
  }
  const rounds = number('rounds', MAX_ROUNDS)
  const seed = number('seed', 0xffffffff) ?? 0
  const maxRepeats = options.get('max-repeats') === 'none' ? null : number('max-repeats')
  const configPath = options.get('config')
  if (options.has('division') && configPath === undefined) {
    throw new CliError('--division names a division of --config config.tsh')
  }
  if (configPath !== undefined && system !== undefined) {
    throw new CliError('give --system or --config, not both')
  }

  const input = await readTInput(path, encodingOption(options.get('encoding')))
  const problems = input.readable ? [...input.problems, ...checkTFile(input.file)] : input.problems
  if (hasErrors(problems)) {
    // Rounds cannot be judged on a file whose pairings do not even agree: bad input.
    for (const p of problems) io.stderr(`${formatProblem(path, p)}\n`)
    io.stderr(`rackside: ${path} cannot be verified: fix the problems above first\n`)
    return EXIT.failure
  }
  const config = configPath === undefined ? null : await readConfig(configPath, path, options)
  if (config !== null) {
    for (const p of config.problems) io.stderr(`${formatProblem(configPath ?? '', p)}\n`)
    if (!config.readable) {
      io.stderr(`rackside: ${configPath ?? ''} cannot be read: fix the problems above first\n`)
      return EXIT.failure
    }
  }
  // Gibsonization on top of the division's default contention (contenders under the plan only).
  const contention = flags.has('gibson')
    ? {
        ...defaultContention(rounds ?? roundsIn(input.file)),
        gibson: true,
        ...(system === undefined ? {} : { contenderRounds: 0 }),
      }
    : undefined
  const report = verifyEvent(input.file, {
    ...(contention === undefined ? {} : { contention }),
    preset,
    plan: config?.plan ?? null,
    seed,
    ...(system === undefined ? {} : { system }),
    ...(maxRepeats === undefined ? {} : { maxRepeats }),
    ...(rounds === undefined ? {} : { rounds }),
  })
  const notes = report.findings.length - report.faults
  if (flags.has('json')) {
    io.stdout(`${JSON.stringify({ file: path, ...report, notes })}\n`)
  } else {
    for (const f of report.findings) {
      io.stdout(`${path}: ${f.fault ? '' : 'note: '}${f.message} [${f.code}]\n`)
    }
    const plural = (n: number, word: string) => `${String(n)} ${word}${n === 1 ? '' : 's'}`
    io.stdout(
      `${path}: ${plural(report.rounds, 'round')} checked: ${plural(report.faults, 'finding')}` +
        `${notes > 0 ? `, ${plural(notes, 'note')}` : ''}\n`,
    )
  }
  return report.faults > 0 ? EXIT.problems : EXIT.ok
}
