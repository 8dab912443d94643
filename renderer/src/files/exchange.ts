/**
 * Files in and out of the app, as pure functions of text and state: our tournament file, tsh `.t`
 * and `.tsh`, TOU for ratings and an HTML folder for publishing. The screens (FilesView,
 * TournamentsView) only pick files and store what these return.
 */
import { parseConfigTsh } from '../../../shared/formats/config-tsh'
import { divisionFileName, exportTshEvent } from '../../../shared/formats/tsh-event-export'
import { exportTDivision } from '../../../shared/formats/t-export'
import { readTFile, serializeTFile } from '../../../shared/formats/t-file'
import type { TDivisionFile } from '../../../shared/formats/t-file-types'
import { importTDivision, importTshEvent } from '../../../shared/formats/t-import'
import { encodeText } from '../../../shared/formats/text-codec'
import { writeTou, type TouByeMode } from '../../../shared/formats/tou'
import {
  readTournamentFile,
  writeTournamentFile,
  type TournamentFile,
} from '../../../shared/formats/tournament-file'
import { parseTshArchive } from '../../../shared/formats/tsh-archive'
import { buildReport, type ReportKind } from '../../../shared/reports/report'
import { err, ok, type Result } from '../../../shared/result'
import { rulesFromPreset } from '../../../shared/rules/presets'
import type { PresetId } from '../../../shared/rules/rule-set'
import { fold } from '../../../shared/tournament/apply'
import type { Command, LoggedCommand } from '../../../shared/tournament/commands'
import type { TournamentState } from '../../../shared/tournament/types'
import type { FolderFile, TextEncodingName } from '../../../electron/ipc-contract'
import type { TournamentSummary } from '../db/repository'
import { summarize } from '../db/summary'
import { escapeHtml } from '../print/escape'
import { slug } from '../print/format'
import { printJob, REPORT_TITLES } from '../print/render'

/** A log ready to store: folded once, so a log that does not replay is never stored. */
export interface PreparedTournament {
  readonly tournamentId: string
  readonly log: readonly LoggedCommand[]
  readonly state: TournamentState
  readonly summary: TournamentSummary
}

export function prepareLog(
  tournamentId: string,
  log: readonly LoggedCommand[],
): Result<PreparedTournament> {
  const state = fold(tournamentId, log)
  if (!state.ok) return state
  if (state.value === undefined) return err('import.empty', 'The file holds no tournament.')
  const last = log[log.length - 1]
  return ok({
    tournamentId,
    log,
    state: state.value,
    summary: summarize(state.value, log.length, last?.at ?? ''),
  })
}

/** Commands from an import, stamped `at` (the import time) and folded to check them. */
export function prepareCommands(
  tournamentId: string,
  commands: readonly Command[],
  at: string,
): Result<PreparedTournament> {
  return prepareLog(
    tournamentId,
    commands.map((command, seq) => ({ seq, at, command })),
  )
}

/* ---------- our tournament file ---------- */

export function tournamentFileText(
  tournamentId: string,
  log: readonly LoggedCommand[],
  savedAt: string,
): string {
  return writeTournamentFile(tournamentId, log, savedAt)
}

/** Reads our JSON; a damaged, cut or foreign file is refused with the reader's message. */
export function readTournamentText(text: string): Result<TournamentFile> {
  return readTournamentFile(text)
}

export function tournamentFileName(state: TournamentState): string {
  return `${slug(state.info.name)}.json`
}

/* ---------- tsh ---------- */

export interface TImportChoices {
  /** The event's name (tsh's .t has none: the file name by default). */
  readonly title: string
  readonly division: string
  readonly preset: PresetId
  /** ISO date of the first day. */
  readonly date: string
  /** Rounds in the event; at least the rounds the file holds (more to carry on in Rackside). */
  readonly rounds: number | null
}

function formatError(where: string, error: { line?: number; message: string }): string {
  return `${where}${error.line === undefined ? '' : `, line ${error.line}`}: ${error.message}`
}

/** A `.t` division file as the commands of a new tournament with that one division. */
export function importTText(
  fileName: string,
  text: string,
  choices: TImportChoices,
): Result<readonly Command[]> {
  const read = readTFile(text)
  const firstError = read.problems.find((p) => p.severity === 'error')
  if (firstError !== undefined) {
    return err(firstError.code, formatError(fileName, firstError), { line: firstError.line })
  }
  const rules = rulesFromPreset(choices.preset)
  const imported = importTDivision(read.file, {
    division: choices.division,
    rules,
    ...(choices.rounds === null ? {} : { rounds: choices.rounds }),
  })
  if (!imported.ok) {
    return err(imported.error.code, formatError(fileName, imported.error), {
      ...(imported.error.line === undefined ? {} : { line: imported.error.line }),
    })
  }
  return ok([
    {
      type: 'createTournament',
      info: {
        name: choices.title,
        venue: '',
        startDate: choices.date,
        endDate: choices.date,
        rounds: Math.max(1, choices.rounds ?? imported.value.rounds),
      },
      rules,
    },
    { type: 'addDivision', name: choices.division },
    ...imported.value.commands,
  ])
}

/** A `.tsh` archive (config.tsh and every division file) as the commands of a new tournament. */
export function importTshText(
  fileName: string,
  text: string,
  choices: Pick<TImportChoices, 'preset' | 'date' | 'title'>,
): Result<readonly Command[]> {
  const archive = parseTshArchive(text)
  if (!archive.ok) {
    return err(archive.error.code, formatError(fileName, archive.error))
  }
  const config = parseConfigTsh(archive.value.configText)
  const configError = config.problems.find((p) => p.severity === 'error')
  if (configError !== undefined) {
    return err(configError.code, formatError(`${fileName} (config)`, configError))
  }
  const files = new Map<string, TDivisionFile>()
  for (const file of archive.value.files) {
    const read = readTFile(file.text)
    const problem = read.problems.find((p) => p.severity === 'error')
    if (problem !== undefined)
      return err(problem.code, formatError(`${fileName} (${file.name})`, problem))
    files.set(file.name, read.file)
  }
  const imported = importTshEvent(config.config, files, {
    preset: choices.preset,
    title: choices.title,
    fallbackDate: choices.date,
  })
  if (!imported.ok) return err(imported.error.code, formatError(fileName, imported.error))
  return ok(imported.value.commands)
}

export interface TextExport {
  readonly name: string
  readonly contents: string
  readonly encoding: TextEncodingName
}

/** tsh reads Latin-1 by default (formats.md); a name Latin-1 cannot hold makes the file UTF-8. */
function tshEncoding(text: string): TextEncodingName {
  return encodeText(text, 'latin1').ok ? 'latin1' : 'utf8'
}

function exportedDivision(state: TournamentState, division: string): Result<TDivisionFile> {
  return exportTDivision(state, division)
}

export function exportTText(state: TournamentState, division: string): Result<TextExport> {
  const file = exportedDivision(state, division)
  if (!file.ok) return file
  const contents = serializeTFile(file.value)
  return ok({ name: divisionFileName(division), contents, encoding: tshEncoding(contents) })
}

/** The whole event as one `.tsh` archive: a config.tsh naming each division's file, then the files. */
export function exportTshArchive(state: TournamentState): Result<TextExport> {
  const archive = exportTshEvent(state)
  if (!archive.ok) return archive
  return ok({
    name: `${slug(state.info.name)}.tsh`,
    contents: archive.value,
    encoding: tshEncoding(archive.value),
  })
}

export function exportTou(
  state: TournamentState,
  division: string,
  options: { readonly highWordScore: number; readonly byeMode: TouByeMode },
): Result<TextExport> {
  const file = exportedDivision(state, division)
  if (!file.ok) return file
  const tou = writeTou(file.value, {
    title: state.info.name,
    date: state.info.startDate,
    division,
    highWordScore: options.highWordScore,
    byeMode: options.byeMode,
  })
  if (!tou.ok) return tou
  return ok({
    name: `${slug(state.info.name)}-${slug(division)}.tou`,
    contents: tou.value,
    encoding: 'latin1',
  })
}

/* ---------- the HTML folder for publishing ---------- */

const PUBLISHED: readonly ReportKind[] = [
  'pairings-by-table',
  'pairings-alphabetical',
  'standings',
  'wall-chart',
  'ranked-wall-chart',
  'prizes',
  'game-lists',
  'team-standings',
]

/**
 * Pages for publishing online: per division, the latest round's pairings (by table and by name),
 * the standings, the wall chart (by number and ranked), the prizes, the game lists and the team
 * standings (issue 14), each a self-contained page (the print documents, so the web
 * shows what the hall saw), and an index.html linking them.
 */
export function htmlFolder(state: TournamentState): Result<readonly FolderFile[]> {
  const files: FolderFile[] = []
  const links: string[] = []
  for (const division of state.divisions) {
    const round = division.rounds.length
    if (round === 0) continue
    const divisionLinks: string[] = []
    for (const kind of PUBLISHED) {
      const report = buildReport(state, { kind, division: division.name, round })
      if (!report.ok) return report
      const name = `${slug(division.name)}-r${round}-${kind}.html`
      files.push({ name, contents: printJob(report.value, 'A4').html })
      divisionLinks.push(
        `<li><a href="${escapeHtml(name)}">${escapeHtml(REPORT_TITLES[kind])}</a></li>`,
      )
    }
    links.push(
      `<h2>Division ${escapeHtml(division.name)}, round ${round}</h2><ul>${divisionLinks.join('')}</ul>`,
    )
  }
  if (files.length === 0) {
    return err('publish.nothing', 'No round is paired yet: there is nothing to publish.')
  }
  const title = escapeHtml(state.info.name)
  files.unshift({
    name: 'index.html',
    contents: `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${title}</title>
<style>body { font-family: 'Liberation Sans', Arial, sans-serif; margin: 2em; }</style></head>
<body><h1>${title}</h1>
${links.join('\n')}
</body></html>
`,
  })
  return ok(files)
}
