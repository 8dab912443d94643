/**
 * `convert IN OUT`: between tsh `.t`, tsh `.tsh` archives, AUPAIR `.tou` (formats.md) and Rackside's
 * own tournament file `.json` (the command log), chosen by the file extensions. The output is
 * written atomically and never over the input.
 */
import { randomUUID } from 'node:crypto'
import { mkdir } from 'node:fs/promises'
import { basename, extname } from 'node:path'
import { parseConfigTsh } from '../../shared/formats/config-tsh'
import { formatProblem, type FormatProblem } from '../../shared/formats/problem'
import { checkTFile } from '../../shared/formats/t-check'
import { exportTDivision } from '../../shared/formats/t-export'
import { serializeTFile } from '../../shared/formats/t-file'
import type { TDivisionFile } from '../../shared/formats/t-file-types'
import {
  exportTshFiles,
  tshTextEncoding,
  type TshExport,
  type TshExportText,
} from '../../shared/formats/tsh-export'
import {
  importTshFiles,
  type SourcedProblem,
  type TshSource,
} from '../../shared/formats/tsh-import'
import {
  readTournamentFile,
  writeTournamentFile,
  type TournamentFile,
} from '../../shared/formats/tournament-file'
import { PRESET_IDS, type PresetId } from '../../shared/rules/rule-set'
import type { Command, LoggedCommand } from '../../shared/tournament/commands'
import { MAX_ROUNDS } from '../../shared/tournament/validation'
import {
  decodeTFileBytes,
  encodeText,
  type TextEncodingName,
} from '../../shared/formats/text-codec'
import { TOU_BYE_MODES, writeTou } from '../../shared/formats/tou'
import { describeMemberWarning } from '../../shared/ratings/ratings-list'
import { writeFilesAtomic } from '../atomic-write'
import { tourneyJs } from '../../shared/formats/tourney-js'
import {
  isSafeArchiveName,
  parseTshArchive,
  serializeTshArchive,
  type TshArchive,
} from '../../shared/formats/tsh-archive'
import { parseArgs, type ParsedArgs } from './args'
import { listWarnings } from './check-ratings-command'
import {
  CliError,
  EXIT,
  extensionOf,
  readBytes,
  readTournamentText,
  sameFile,
  writeFileAtomic,
  type CliIo,
  type ExitCode,
} from './io'
import { encodingOption, readTText } from './t-input'

export const CONVERT_USAGE = `rackside convert IN OUT [options]
  By extension:
    .t   -> .t     rewrite in tsh layout (round trip)
    .t   -> .tou   AUPAIR rating file: --title T --date YYYY-MM-DD --division A
                   [--high-word N] [--bye-mode ${TOU_BYE_MODES.join('|')}]
    .tsh -> .t     extract one division: --division A (a division name or file name)
    .t   -> .tsh   wrap into an archive: [--division A] [--config config.tsh]
    .tsh -> .tsh   rewrite an archive
    .t   -> .json  import as a Rackside tournament: [--rules ${PRESET_IDS.join('|')}]
                   [--division A] [--title T] [--date YYYY-MM-DD] [--rounds N]
                   [--config config.tsh] (name, date, rounds and rules from the event's config)
    .tsh -> .json  import a whole tsh event (config.tsh and every division): [--rules R]
                   [--title T] [--date YYYY-MM-DD]
                   A flag given overrides config.tsh, which overrides the defaults (file name,
                   today, the rounds in the file); the division is config.tsh's name for the file.
    .json -> .t    export one division: --division A when there are several;
                   --config config.tsh writes its config.tsh too (prizes, gibson, plan)
    .json -> .tsh  export every division with a config.tsh
    .json -> .tou  AUPAIR rating file of the whole event, or one with --division A
                   (--high-word A=124,B=98 for several divisions)
    .json -> .json check the log and write it again
    .json -> .t|.tsh|.tou with --ratings LIST (tsh's current.txt or a member CSV): the players
                   LIST does not clear are named, and written to OUT.members.txt for the
                   federation (issue 32; a file for ratings with non-members may be refused)
    .json -> .js   tsh's live feed (tourney.js) of every division, for scoreboards and broadcasts
    .json -> .html the results site with the event inside: pairings, standings and each
                   player's games, opening from disk or any web host with no server
    .json -> DIR   (no extension) the web pages Files -> Save web pages writes, into DIR:
                   index.html, each division's pages, results.html and tourney.js
  --encoding latin1|utf8   how IN is encoded (default: UTF-8 if valid, else Latin-1)`

const today = (): string => {
  const d = new Date()
  const pad = (n: number): string => String(n).padStart(2, '0')
  return `${String(d.getFullYear())}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`
}

const stem = (path: string): string => basename(path, extname(path))

function refuseProblems(path: string, problems: readonly FormatProblem[], io: CliIo): boolean {
  const errors = problems.filter((p) => p.severity === 'error')
  if (errors.length === 0) return false
  for (const p of errors) io.stdout(`${formatProblem(path, p)}\n`)
  io.stderr(`${path}: not converted, fix the errors above first\n`)
  return true
}

function encodeOrFail(text: string, encoding: TextEncodingName, out: string): Uint8Array {
  const bytes = encodeText(text, encoding)
  if (!bytes.ok) throw new CliError(`cannot write ${out}: ${bytes.error.message}`)
  return bytes.value
}

function pickFromArchive(archive: TshArchive, wanted: string | undefined, path: string) {
  if (wanted === undefined) {
    const [only, ...more] = archive.files
    if (only !== undefined && more.length === 0) return only
    throw new CliError(
      `${path} holds ${String(archive.files.length)} division files: choose one with --division (${archive.files.map((f) => f.name).join(', ')})`,
    )
  }
  const byName = archive.files.find((f) => f.name === wanted)
  if (byName !== undefined) return byName
  const division = parseConfigTsh(archive.configText).config.divisions.find(
    (d) => d.name.toLowerCase() === wanted.toLowerCase(),
  )
  const byDivision = archive.files.find((f) => f.name === division?.file)
  if (byDivision !== undefined) return byDivision
  throw new CliError(`${path} has no division ${wanted}`)
}

/** `--high-word 124` for one division, `--high-word A=124,B=98` for several. */
function highWordScores(text: string | undefined, names: readonly string[]): Map<string, number> {
  const scores = new Map<string, number>()
  if (text === undefined) return scores
  if (/^\d+$/.test(text) && names.length === 1) {
    scores.set(names[0] ?? '', Number(text))
    return scores
  }
  for (const part of text.split(',')) {
    const m = /^\s*([^=]+?)\s*=\s*(\d+)\s*$/.exec(part)
    if (m?.[1] === undefined || m[2] === undefined || !names.includes(m[1])) {
      throw new CliError(
        `--high-word must be a whole number, or DIVISION=N pairs for ${names.join(', ')} ("${part}")`,
      )
    }
    scores.set(m[1], Number(m[2]))
  }
  return scores
}

async function tToTou(
  divisions: readonly { readonly name: string; readonly file: TDivisionFile }[],
  defaults: { readonly title: string; readonly date: string },
  out: string,
  args: ParsedArgs,
) {
  const o = args.options
  const byeModeText = o.get('bye-mode') ?? 'aupair'
  const byeMode = TOU_BYE_MODES.find((m) => m === byeModeText)
  if (byeMode === undefined)
    throw new CliError(`--bye-mode must be one of ${TOU_BYE_MODES.join(', ')}`)
  const scores = highWordScores(
    o.get('high-word'),
    divisions.map((d) => d.name),
  )
  const tou = writeTou(
    divisions.map((d) => ({ ...d, highWordScore: scores.get(d.name) ?? 0 })),
    { title: o.get('title') ?? defaults.title, date: o.get('date') ?? defaults.date, byeMode },
  )
  if (!tou.ok) throw new CliError(tou.error.message)
  await writeFileAtomic(out, encodeOrFail(tou.value, 'latin1', out))
}

export async function convertCommand(argv: readonly string[], io: CliIo): Promise<ExitCode> {
  const args = parseArgs(argv, {
    options: [
      'title',
      'date',
      'division',
      'high-word',
      'bye-mode',
      'encoding',
      'config',
      'rules',
      'rounds',
      'ratings',
    ],
  })
  if (!args.ok) throw new CliError(args.error.message)
  if (args.value.flags.has('help')) {
    io.stdout(`${CONVERT_USAGE}\n`)
    return EXIT.ok
  }
  const [inPath, out, ...extra] = args.value.positionals
  if (inPath === undefined || out === undefined || extra.length > 0) {
    throw new CliError(`usage: ${CONVERT_USAGE}`)
  }
  const from = extensionOf(inPath)
  const to = extensionOf(out)
  if (await sameFile(inPath, out)) throw new CliError(`refusing to overwrite the input ${inPath}`)
  const encoding = encodingOption(args.value.options.get('encoding'))
  const division = args.value.options.get('division')
  if (args.value.options.has('ratings') && (from !== '.json' || to === '.json' || to === '.js')) {
    throw new CliError('--ratings is for the export for ratings: EVENT.json to .t, .tsh or .tou')
  }

  if (from === '.json') {
    // Rackside writes its files as UTF-8: other bytes mean another file or a damaged one.
    const json = await readTournamentText(inPath)
    if (!json.ok) {
      io.stdout(`${json.line}\n`)
      return EXIT.problems
    }
    const written = await fromJson(json.text, inPath, out, args.value, io)
    const listPath = args.value.options.get('ratings')
    if (written !== EXIT.ok || listPath === undefined) return written
    return membersBeside(json.text, listPath, out, io)
  }
  const decoded = decodeTFileBytes(await readBytes(inPath), encoding)

  if (from === '.t') {
    const input = readTText(decoded.text, decoded.encoding)
    if (refuseProblems(inPath, input.problems, io)) return EXIT.problems
    if (to === '.json') {
      const configPath = args.value.options.get('config')
      const config =
        configPath === undefined
          ? undefined
          : { name: configPath, text: decodeTFileBytes(await readBytes(configPath)).text }
      const file = { name: inPath, text: decoded.text }
      const source = { kind: 't', file, ...(config === undefined ? {} : { config }) } as const
      return tshImportToJson(source, inPath, out, args.value, io)
    }
    if (to === '.t') {
      await writeFileAtomic(out, encodeOrFail(serializeTFile(input.file), decoded.encoding, out))
    } else if (to === '.tou') {
      if (refuseProblems(inPath, checkTFile(input.file), io)) return EXIT.problems
      await tToTou(
        [
          {
            name: args.value.options.get('division') ?? stem(inPath).toUpperCase(),
            file: input.file,
          },
        ],
        { title: stem(inPath), date: today() },
        out,
        args.value,
      )
    } else if (to === '.tsh') {
      const name = basename(inPath)
      if (!isSafeArchiveName(name))
        throw new CliError(`${name} cannot be a file name in an archive`)
      const configPath = args.value.options.get('config')
      const configText =
        configPath === undefined
          ? `division ${division ?? stem(inPath).toUpperCase()} ${name}`
          : decodeTFileBytes(await readBytes(configPath), encoding).text.replace(/\s+$/, '')
      // A --config that is not a config.tsh is refused with its line, never archived as one.
      if (configPath !== undefined) {
        const parsed = parseConfigTsh(configText)
        if (refuseProblems(configPath, parsed.problems, io)) return EXIT.problems
      }
      const archive = serializeTshArchive({ configText, files: [{ name, text: decoded.text }] })
      if (!archive.ok) throw new CliError(archive.error.message)
      await writeFileAtomic(out, encodeOrFail(archive.value, decoded.encoding, out))
    } else {
      throw new CliError(`cannot convert .t to ${to || 'a file without extension'}`)
    }
    io.stderr(`wrote ${out}\n`)
    return EXIT.ok
  }

  if (from === '.tsh') {
    const archive = parseTshArchive(decoded.text)
    if (!archive.ok) {
      const e = archive.error
      io.stdout(`${inPath}:${String(e.line ?? 1)}: ${e.message}\n`)
      return EXIT.problems
    }
    if (to === '.json') {
      const source = { kind: 'tsh', archive: { name: inPath, text: decoded.text } } as const
      return tshImportToJson(source, inPath, out, args.value, io)
    }
    if (to === '.t') {
      const picked = pickFromArchive(archive.value, division, inPath)
      const input = readTText(picked.text, decoded.encoding)
      if (refuseProblems(`${inPath}(${picked.name})`, input.problems, io)) return EXIT.problems
      await writeFileAtomic(out, encodeOrFail(picked.text, decoded.encoding, out))
    } else if (to === '.tsh') {
      const text = serializeTshArchive(archive.value)
      if (!text.ok) throw new CliError(text.error.message)
      await writeFileAtomic(out, encodeOrFail(text.value, decoded.encoding, out))
    } else {
      throw new CliError(`cannot convert .tsh to ${to || 'a file without extension'}`)
    }
    io.stderr(`wrote ${out}\n`)
    return EXIT.ok
  }
  throw new CliError(
    `cannot convert from ${from || 'a file without extension'}: use .t, .tsh or .json`,
  )
}

/* ---------- Rackside's tournament file (.json): the command log ---------- */

const nowIso = (): string => new Date().toISOString()

function presetOption(value: string | undefined): PresetId {
  if (value === undefined) return 'nsa1995'
  const preset = PRESET_IDS.find((p) => p === value)
  if (preset === undefined) throw new CliError(`--rules must be one of ${PRESET_IDS.join(', ')}`)
  return preset
}

function dateOption(value: string | undefined): string {
  if (value === undefined) return today()
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) {
    throw new CliError(`"${value}" is not a date (YYYY-MM-DD)`)
  }
  return value
}

function roundsOption(value: string): number {
  const n = Number(value)
  if (!/^\d+$/.test(value) || n < 1 || n > MAX_ROUNDS) {
    throw new CliError(`--rounds must be a whole number from 1 to ${String(MAX_ROUNDS)}`)
  }
  return n
}

/** Folds the commands into a log, writes the file, and reads it back as a check. */
async function writeLog(commands: readonly Command[], out: string, io: CliIo): Promise<ExitCode> {
  const at = nowIso()
  const log: LoggedCommand[] = commands.map((command, seq) => ({ seq, at, command }))
  const text = writeTournamentFile(randomUUID(), log, at)
  const read = readTournamentFile(text)
  if (!read.ok) throw new CliError(`the import does not replay: ${read.error.message}`)
  await writeFileAtomic(out, encodeOrFail(text, 'utf8', out))
  io.stderr(`wrote ${out}\n`)
  return EXIT.ok
}

/** `path:line: message`; a file inside an archive is `archive(member)`, as `check` says it. */
const problemFile = (p: SourcedProblem): string =>
  p.member === undefined ? p.file : `${p.file}(${p.member})`

function problemLine(p: SourcedProblem): string {
  const where = problemFile(p)
  const line = p.line === undefined ? '' : `${String(p.line)}:`
  const column = p.column === undefined ? '' : ` (column ${String(p.column)})`
  return `${where}:${line} ${p.severity === 'warning' ? 'warning: ' : ''}${p.message}${column}\n`
}

/**
 * A tsh import through the use-case the app calls too (shared/formats/tsh-import.ts): a flag the
 * director gives overrides config.tsh, which overrides the defaults.
 */
async function tshImportToJson(
  source: TshSource,
  inPath: string,
  out: string,
  args: ParsedArgs,
  io: CliIo,
): Promise<ExitCode> {
  const o = args.options
  const title = o.get('title')
  const division = o.get('division')
  const date = o.get('date')
  const rounds = o.get('rounds')
  const imported = importTshFiles(
    source,
    {
      preset: presetOption(o.get('rules')),
      ...(title === undefined ? {} : { title }),
      ...(division === undefined ? {} : { division }),
      ...(date === undefined ? {} : { date: dateOption(date) }),
      ...(rounds === undefined ? {} : { rounds: roundsOption(rounds) }),
    },
    today(),
  )
  if (!imported.ok) {
    for (const p of imported.error.problems) io.stdout(problemLine(p))
    const [first] = imported.error.problems
    const where = first === undefined ? inPath : problemFile(first)
    io.stderr(`${where}: not converted, fix the errors above first\n`)
    return EXIT.problems
  }
  for (const w of imported.value.warnings) io.stdout(problemLine(w))
  if (imported.value.ignored.length > 0) {
    io.stderr(`ignored from config.tsh: ${imported.value.ignored.join(', ')}\n`)
  }
  return writeLog(imported.value.commands, out, io)
}

function pickDivision(file: TournamentFile, wanted: string | undefined, path: string): string {
  const names = file.state.divisions.map((d) => d.name)
  if (wanted === undefined) {
    const [only, ...more] = names
    if (only !== undefined && more.length === 0) return only
    throw new CliError(
      names.length === 0
        ? `${path} has no division`
        : `${path} has ${String(names.length)} divisions: choose one with --division (${names.join(', ')})`,
    )
  }
  const found = names.find((n) => n.toLowerCase() === wanted.toLowerCase())
  if (found === undefined) throw new CliError(`${path} has no division ${wanted}`)
  return found
}

/** t-export's notes: what tsh has no form for, written so tsh ranks it the same. */
function printNotes(exported: TshExport, io: CliIo): void {
  for (const note of exported.notes) {
    io.stderr(`note: division ${note.division}, ${note.message}\n`)
  }
}

/** The shared tsh export (shared/formats/tsh-export.ts, as the app's Files screen calls it). */
function tshExport(file: TournamentFile, division?: string): TshExport {
  const exported = exportTshFiles(file.state, division === undefined ? {} : { division })
  if (!exported.ok) throw new CliError(exported.error.message)
  return exported.value
}

function exportDivision(
  file: TournamentFile,
  division: string,
  purpose: 'tsh' | 'rating-file' = 'tsh',
): TDivisionFile {
  const exported = exportTDivision(file.state, division, { purpose })
  if (!exported.ok) throw new CliError(exported.error.message)
  return exported.value
}

/** tsh's default encoding is Latin-1; a name it cannot hold makes the file UTF-8. */
function encodeTsh(file: TshExportText, out: string): Uint8Array {
  return encodeOrFail(file.text, tshTextEncoding(file.text), out)
}

/**
 * The export for ratings' companion (issue 32): who the federation's list does not clear, in the
 * Files screen's words, written beside OUT as OUT.members.txt (empty of names when all clear).
 */
async function membersBeside(
  text: string,
  listPath: string,
  out: string,
  io: CliIo,
): Promise<ExitCode> {
  const read = readTournamentFile(text)
  if (!read.ok) return EXIT.problems
  const { state } = read.value
  const warnings = await listWarnings(state, listPath, state.info.startDate, io)
  if (warnings === null) return EXIT.problems
  const lines = warnings.map(describeMemberWarning)
  const report = `${out}.members.txt`
  const head =
    lines.length === 0
      ? `Every player is cleared by ${listPath}.`
      : `Not cleared by ${listPath} (${String(lines.length)}):`
  await writeFileAtomic(report, new TextEncoder().encode(`${[head, ...lines].join('\n')}\n`))
  for (const line of lines) io.stderr(`${line}\n`)
  io.stderr(`wrote ${report}\n`)
  return EXIT.ok
}

async function fromJson(
  text: string,
  inPath: string,
  out: string,
  args: ParsedArgs,
  io: CliIo,
): Promise<ExitCode> {
  const read = readTournamentFile(text)
  if (!read.ok) {
    const e = read.error
    io.stdout(`${inPath}:${e.line === undefined ? '' : `${String(e.line)}:`} ${e.message}\n`)
    return EXIT.problems
  }
  const file = read.value
  const to = extensionOf(out)
  const wanted = args.options.get('division')
  if (to === '.json') {
    const again = writeTournamentFile(file.tournamentId, file.log, file.savedAt)
    await writeFileAtomic(out, encodeOrFail(again, 'utf8', out))
  } else if (to === '.t') {
    const exported = tshExport(file, pickDivision(file, wanted, inPath))
    const [config, t] = exported.files
    if (config === undefined || t === undefined) throw new Error('tsh export: no .t written')
    const configOut = args.options.get('config')
    if (configOut !== undefined && (await sameFile(inPath, configOut))) {
      throw new CliError(`refusing to overwrite the input ${inPath}`)
    }
    printNotes(exported, io)
    await writeFileAtomic(out, encodeTsh(t, out))
    if (configOut !== undefined) {
      await writeFileAtomic(configOut, encodeTsh(config, configOut))
      io.stderr(`wrote ${configOut}\n`)
    }
  } else if (to === '.tou') {
    // tsh's aupair: one division with --division, else every division in one file.
    const names =
      wanted === undefined
        ? file.state.divisions.map((d) => d.name)
        : [pickDivision(file, wanted, inPath)]
    const divisions = names.map((name) => ({
      name,
      file: exportDivision(file, name, 'rating-file'),
    }))
    for (const d of divisions) {
      if (refuseProblems(inPath, checkTFile(d.file), io)) return EXIT.problems
    }
    const { info } = file.state
    await tToTou(divisions, { title: info.name, date: info.startDate }, out, args)
  } else if (to === '.tsh') {
    const exported = tshExport(file)
    printNotes(exported, io)
    await writeFileAtomic(out, encodeTsh(exported.archive, out))
  } else if (to === '.js') {
    // Issue 31: tsh's feed, as the venue server's /tourney.js and the app's saved web pages.
    await writeFileAtomic(out, encodeOrFail(tourneyJs(file.state), 'utf8', out))
  } else if (to === '.html' || to === '') {
    await webPages(file, out, to === '' ? 'folder' : 'site')
  } else {
    throw new CliError(`cannot convert .json to ${to}`)
  }
  io.stderr(`wrote ${out}\n`)
  return EXIT.ok
}

/**
 * Issue 31: the pages Files → Save web pages writes, by the function that screen calls
 * (`htmlFolder`), so the CLI and the app publish the same event the same way. The site's script
 * (PouchDB inside, 220 kB, built by `resultsSite()`) is loaded only here, as on that screen.
 */
async function webPages(file: TournamentFile, out: string, as: 'site' | 'folder'): Promise<void> {
  const [{ htmlFolder, RESULTS_SITE_NAME }, { default: script }] = await Promise.all([
    import('../../shared/publish/web-pages'),
    import('virtual:rackside-results-site'),
  ])
  const folder = htmlFolder(file.state, { script, log: file.log })
  if (!folder.ok) throw new CliError(folder.error.message)
  const encode = (contents: string): Uint8Array => encodeOrFail(contents, 'utf8', out)
  if (as === 'site') {
    const site = folder.value.find((f) => f.name === RESULTS_SITE_NAME)
    if (site === undefined) throw new Error(`htmlFolder wrote no ${RESULTS_SITE_NAME}`)
    await writeFileAtomic(out, encode(site.contents))
    return
  }
  await mkdir(out, { recursive: true })
  await writeFilesAtomic(
    out,
    folder.value.map((f) => ({ name: f.name, data: encode(f.contents) })),
  )
}
