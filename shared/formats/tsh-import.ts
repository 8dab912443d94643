/**
 * Importing tsh files, the one use-case the app's Files screen and the CLI's `convert` both call
 * (issue 20: they used to read the same files differently). Text in, commands out: decoding the
 * bytes and showing the problems stay with the caller.
 *
 * Who decides each setting (formats.md, "tsh event"), first one that says something wins:
 * 1. what the director gave for this import (a CLI flag or a field of the app's form);
 * 2. the event's config.tsh (for the division, the `division` line naming this file: tsh's own
 *    name for it);
 * 3. the default: the file name's stem (upper case for a division), today, the rounds in the file,
 *    the NSA preset.
 */
import {
  parseConfigTsh,
  ratingSystemFromConfig,
  racksideRanking,
  spreadCapsByRound,
  type TshConfig,
} from './config-tsh'
import type { FormatProblem } from './problem'
import { readTFile } from './t-file'
import type { TDivisionFile } from './t-file-types'
import {
  contentionFromTsh,
  eventFromConfig,
  importTDivision,
  importTshEvent,
  sessionBreaksWithin,
} from './t-import'
import { classesFromTags, prizeTableFromTsh, readTshPrizes } from './tsh-prizes'
import { parseTshArchive } from './tsh-archive'
import { ok, type Result, type RuleError } from '../result'
import { rulesFromPreset } from '../rules/presets'
import { DEFAULT_RANKING } from '../rules/ranking'
import type { PresetId } from '../rules/rule-set'
import type { Command } from '../tournament/commands'
import type { PlanStep } from '../tournament/types'

/** A file as the caller names it (a path for the CLI, a picked file's name in the app). */
export interface NamedText {
  readonly name: string
  readonly text: string
}

/** What the director gave explicitly; anything left out comes from config.tsh, else a default. */
export interface TshImportOptions {
  readonly division?: string
  readonly title?: string
  /** ISO date of the first day. */
  readonly date?: string
  /** Rounds in the event: at least those the file holds (more to carry on in Rackside). */
  readonly rounds?: number
  readonly preset?: PresetId
}

export const TSH_SOURCE_KINDS = ['t', 'tsh'] as const
export type TshSourceKind = (typeof TSH_SOURCE_KINDS)[number]

/** One division's `.t` with, optionally, its event's config.tsh; or a whole `.tsh` archive. */
export type TshSource =
  | { readonly kind: 't'; readonly file: NamedText; readonly config?: NamedText }
  | { readonly kind: 'tsh'; readonly archive: NamedText }

/** A problem with the file it is in; `member` is a file inside a `.tsh` archive. */
export interface SourcedProblem extends Omit<FormatProblem, 'line'> {
  readonly file: string
  readonly member?: string
  /** Absent when the problem is about the file as a whole. */
  readonly line?: number
}

export interface TshImport {
  /** A new tournament: createTournament, then each division's commands. */
  readonly commands: readonly Command[]
  readonly warnings: readonly SourcedProblem[]
  /** config.tsh keys and commands Rackside does not use, for the import report. */
  readonly ignored: readonly string[]
}

/** The first error's code and message, with every error found (a director fixes them in one pass). */
export interface TshImportRefusal extends RuleError {
  readonly problems: readonly SourcedProblem[]
}

/** The file name without folders or extension: `/x/Spring Open.t` → `Spring Open`. */
export function fileStem(name: string): string {
  return name.replace(/^.*[\\/]/, '').replace(/\.[^.]*$/, '')
}

const baseName = (name: string): string => name.replace(/^.*[\\/]/, '')

/**
 * The division config.tsh names for this file: the exact file name first, then ignoring case
 * (a file copied between Windows and Linux often changes case; tsh's own lookup is the file system's).
 */
export function divisionNaming(config: TshConfig, fileName: string): string | undefined {
  const base = baseName(fileName)
  const exact = config.divisions.find((d) => baseName(d.file) === base)
  if (exact !== undefined) return exact.name
  return config.divisions.find((d) => baseName(d.file).toLowerCase() === base.toLowerCase())?.name
}

const refuse = (problems: readonly SourcedProblem[]): Result<never, TshImportRefusal> => {
  const [first] = problems
  if (first === undefined) throw new Error('refuse() needs a problem')
  return {
    ok: false,
    error: {
      code: first.code,
      message: first.message,
      ...(first.line === undefined ? {} : { line: first.line }),
      problems,
    },
  }
}

const fromRuleError = (file: string, e: RuleError, member?: string): SourcedProblem => ({
  file,
  ...(member === undefined ? {} : { member }),
  code: e.code,
  message: e.message,
  severity: 'error',
  ...(e.line === undefined ? {} : { line: e.line }),
  ...(e.column === undefined ? {} : { column: e.column }),
})

const sourced = (file: string, p: FormatProblem, member?: string): SourcedProblem => ({
  ...p,
  file,
  ...(member === undefined ? {} : { member }),
})

/** A file's problems: its errors refuse the import, its warnings go on. */
function split(file: string, problems: readonly FormatProblem[], member?: string) {
  const all = problems.map((p) => sourced(file, p, member))
  return {
    errors: all.filter((p) => p.severity === 'error'),
    warnings: all.filter((p) => p.severity === 'warning'),
  }
}

/**
 * tsh files as the commands of a new tournament. `today` is the date when neither the director
 * nor config.tsh gives one (shared/ reads no clock).
 */
export function importTshFiles(
  source: TshSource,
  options: TshImportOptions,
  today: string,
): Result<TshImport, TshImportRefusal> {
  switch (source.kind) {
    case 't':
      return importOneDivision(source.file, source.config, options, today)
    case 'tsh':
      return importArchive(source.archive, options, today)
  }
}

function importOneDivision(
  file: NamedText,
  configFile: NamedText | undefined,
  options: TshImportOptions,
  today: string,
): Result<TshImport, TshImportRefusal> {
  const read = readTFile(file.text)
  const fileProblems = split(file.name, read.problems)
  const config = configFile === undefined ? undefined : parseConfigTsh(configFile.text)
  const configProblems =
    configFile === undefined || config === undefined
      ? { errors: [], warnings: [] }
      : split(configFile.name, config.problems)
  const errors = [...configProblems.errors, ...fileProblems.errors]
  if (errors.length > 0) return refuse(errors)

  const preset = options.preset ?? 'nsa1995'
  const division =
    options.division ??
    (config === undefined ? undefined : divisionNaming(config.config, file.name)) ??
    (fileStem(file.name).toUpperCase() || 'A')
  let rules = rulesFromPreset(preset)
  let title = options.title ?? fileStem(file.name)
  let date = options.date ?? today
  let rounds = options.rounds
  let plan: readonly PlanStep[] | null = null
  let sessionBreaks: readonly number[] | undefined
  let ratings: readonly Command[] = []
  const ignored: string[] = []
  const warnings: SourcedProblem[] = [...configProblems.warnings]
  if (configFile !== undefined && config !== undefined) {
    const rating = ratingSettings(config.config, [division], configFile.name)
    ratings = rating.commands
    warnings.push(...rating.warnings)
    const event = eventFromConfig(config.config, { preset, title, fallbackDate: date }, division)
    if (!event.ok) return refuse([fromRuleError(configFile.name, event.error)])
    rules = event.value.rules
    title = options.title ?? event.value.name
    date = options.date ?? event.value.date
    rounds = options.rounds ?? event.value.rounds
    plan = event.value.plan
    sessionBreaks = event.value.sessionBreaks
    ignored.push(...event.value.ignored.filter((key) => !rating.used.has(key)))
    warnings.push(...event.value.warnings.map((w) => sourced(configFile.name, w)))
  }
  const imported = importTDivision(read.file, {
    division,
    rules,
    ...(rounds === undefined ? {} : { rounds }),
  })
  if (!imported.ok) return refuse([fromRuleError(file.name, imported.error)])
  warnings.push(
    ...fileProblems.warnings,
    ...imported.value.warnings.map((w) => sourced(file.name, w)),
  )
  const eventRounds = Math.max(1, rounds ?? imported.value.rounds)
  const settings =
    configFile === undefined || config === undefined
      ? ok({ commands: [], warnings: [] })
      : divisionSettings(
          config.config,
          configFile.name,
          file.name,
          read.file,
          division,
          eventRounds,
        )
  if (!settings.ok) return refuse([fromRuleError(configFile?.name ?? file.name, settings.error)])
  warnings.push(...settings.value.warnings)
  return ok({
    commands: [
      {
        type: 'createTournament',
        info: {
          name: title,
          venue: '',
          startDate: date,
          endDate: date,
          rounds: eventRounds,
          ...sessionBreaksWithin(sessionBreaks, eventRounds),
        },
        rules,
      },
      { type: 'addDivision', name: division },
      ...ratings,
      ...(plan === null ? [] : [{ type: 'setPairingPlan', division, plan } as const]),
      ...imported.value.commands,
      ...settings.value.commands,
    ],
    warnings,
    // Prize lines are read (divisionSettings); those Rackside cannot award are warnings.
    ignored: ignored.filter((key) => key !== 'prize'),
  })
}

/**
 * What config.tsh says of this one division beyond its rules and plan, as the whole event's
 * import reads it (t-import.ts `importTshEvent`): prize contention (issue 10) and the prize table
 * with the `.t`'s class tags (issue 14). The config's lines name the division as the config does,
 * which a name the director chose for the import does not change.
 */
function divisionSettings(
  config: TshConfig,
  configName: string,
  fileName: string,
  tFile: TDivisionFile,
  division: string,
  rounds: number,
): Result<{ readonly commands: readonly Command[]; readonly warnings: readonly SourcedProblem[] }> {
  const named = divisionNaming(config, fileName) ?? division
  const commands: Command[] = []
  const contention = contentionFromTsh(config, named, rounds)
  if (!contention.ok) return contention
  if (contention.value !== null) {
    commands.push({ type: 'setContention', division, contention: contention.value })
  }
  // Every division the config names: another division's prize lines are not this file's concern.
  const lines = readTshPrizes(config.prizes, [named, ...config.divisions.map((d) => d.name)])
  const prizes = prizeTableFromTsh(
    lines.prizes.get(named) ?? [],
    lines.lines.get(named) ?? [],
    classesFromTags(tFile.players.map((l) => ({ id: l.id, tags: l.tags }))),
    named,
  )
  if (prizes.table !== null) commands.push({ type: 'setPrizes', division, prizes: prizes.table })
  const warnings = [...lines.ignored, ...prizes.dropped].map((w) => sourced(configName, w))
  return ok({ commands, warnings })
}

/**
 * A `.tsh` archive: config.tsh names every division and its file. The director's title and date
 * override the config's; a division or rounds option has no meaning for a whole event and is not
 * used (each division is named by its config line, the rounds are the longest division's).
 */
function importArchive(
  archive: NamedText,
  options: TshImportOptions,
  today: string,
): Result<TshImport, TshImportRefusal> {
  const parsed = parseTshArchive(archive.text)
  if (!parsed.ok) return refuse([fromRuleError(archive.name, parsed.error)])
  const config = parseConfigTsh(parsed.value.configText)
  const configProblems = split(archive.name, config.problems, 'config.tsh')
  if (configProblems.errors.length > 0) return refuse(configProblems.errors)
  const files = new Map<string, TDivisionFile>()
  const warnings: SourcedProblem[] = [...configProblems.warnings]
  for (const f of parsed.value.files) {
    const read = readTFile(f.text)
    const problems = split(archive.name, read.problems, f.name)
    if (problems.errors.length > 0) return refuse(problems.errors)
    warnings.push(...problems.warnings)
    files.set(f.name, read.file)
  }
  const imported = importTshEvent(config.config, files, {
    preset: options.preset ?? 'nsa1995',
    title: options.title ?? fileStem(archive.name),
    fallbackDate: options.date ?? today,
  })
  if (!imported.ok) {
    // A division file's error names the file in its message: the member says it instead.
    const member = imported.error.details?.file
    if (member === undefined) return refuse([fromRuleError(archive.name, imported.error)])
    const message = imported.error.message.slice(`${String(member)}: `.length)
    return refuse([fromRuleError(archive.name, { ...imported.error, message }, String(member))])
  }
  warnings.push(...imported.value.warnings.map((w) => sourced(archive.name, w, w.file)))
  const rating = ratingSettings(
    config.config,
    config.config.divisions.map((d) => d.name),
    archive.name,
    'config.tsh',
  )
  warnings.push(...rating.warnings)
  // Each division's rating system right after the division is added, before its players.
  const commands = imported.value.commands.flatMap((c) => {
    const directed = withDirectorInfo(c, options)
    if (c.type !== 'addDivision') return [directed]
    return [directed, ...rating.commands.filter((r) => 'division' in r && r.division === c.name)]
  })
  return ok({
    commands,
    warnings,
    ignored: imported.value.ignored.filter((key) => !rating.used.has(key)),
  })
}

/**
 * Each division's rating system as config.tsh names it (issue 22), as commands; a name Rackside
 * cannot rate by is a warning with its line and the division keeps the preset's default, as does a
 * config that names none (no realm, or realm `nga`). `used` holds `realm` when the realm named it,
 * so the import report does not call it ignored.
 */
function ratingSettings(
  config: TshConfig,
  divisions: readonly string[],
  file: string,
  member?: string,
): {
  readonly commands: readonly Command[]
  readonly warnings: readonly SourcedProblem[]
  readonly used: ReadonlySet<string>
} {
  const commands: Command[] = []
  const warnings = new Map<string, SourcedProblem>()
  const used = new Set<string>()
  for (const division of divisions) {
    // Rackside's own ranking line first (tie-breaks tsh has no key for), else tsh's cap per
    // round (issue 32) as the division's ranking, kept with its rating.
    const own = racksideRanking(config, division)
    const caps = spreadCapsByRound(config, division)
    if (own !== null) commands.push({ type: 'setRanking', division, ranking: own })
    else if (caps !== null) {
      commands.push({
        type: 'setRanking',
        division,
        ranking: { tieBreaks: DEFAULT_RANKING.tieBreaks, spreadCapByRound: caps },
      })
    }
    const read = ratingSystemFromConfig(config, division)
    // One line read for every division (rating_system, realm) is one warning, not one each.
    for (const w of read.warnings) warnings.set(`${w.line}:${w.message}`, sourced(file, w, member))
    // Only a system config.tsh names is stored; tsh's own default leaves the preset's.
    if (read.from !== undefined && read.system !== undefined) {
      used.add(read.from)
      commands.push({ type: 'setRatingSystem', division, system: read.system })
    }
  }
  return { commands, warnings: [...warnings.values()], used }
}

/** The director's title and date over config.tsh's event_name and event_date. */
function withDirectorInfo(command: Command, options: TshImportOptions): Command {
  if (command.type !== 'createTournament') return command
  const { title, date } = options
  return {
    ...command,
    info: {
      ...command.info,
      ...(title === undefined ? {} : { name: title }),
      ...(date === undefined ? {} : { startDate: date, endDate: date }),
    },
  }
}
