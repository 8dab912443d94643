/**
 * Files in and out of the app, as pure functions of text and state: our tournament file, tsh `.t`
 * and `.tsh`, TOU for ratings (the web pages for publishing are `shared/publish/web-pages.ts`, which
 * the CLI calls too). The screens (FilesView, TournamentsView) only pick files and store what these
 * return.
 */
import { exportTDivision } from '../../../shared/formats/t-export'
import {
  importTshFiles,
  type SourcedProblem,
  type TshImportOptions,
} from '../../../shared/formats/tsh-import'
import { exportTshFiles, type TshExport } from '../../../shared/formats/tsh-export'
import { writeTou, type TouByeMode, type TouDivision } from '../../../shared/formats/tou'
import {
  readTournamentFile,
  readTournamentFileSteps,
  type TournamentFile,
} from '../../../shared/formats/tournament-file'
import { writeDeskCopy } from '../../../shared/venue/held'
import type { HeldProposal } from '../../../shared/venue/protocol'
import { err, ok, type Result } from '../../../shared/result'
import { fold } from '../../../shared/tournament/apply'
import type { Command, LoggedCommand } from '../../../shared/tournament/commands'
import type { TournamentState } from '../../../shared/tournament/types'
import type { TextEncodingName } from '../../../electron/ipc-contract'
import type { TournamentSummary } from '../db/repository'
import { summarize } from '../db/summary'
import { slug } from '../../../shared/print/format'
import { inSlices } from '../workers/in-slices'

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

/**
 * A tournament file already read (`readTournamentText` checks and folds its log), ready to store
 * without folding it again: at 1000 players × 20 rounds every fold is 0.1 s of the director's wait
 * (issue 20). Under another id (a backup restored as a new tournament) only the state's id
 * changes: `apply` uses the id for nothing else.
 */
export function prepareFile(
  file: TournamentFile,
  tournamentId: string = file.tournamentId,
): PreparedTournament {
  const state = tournamentId === file.state.id ? file.state : { ...file.state, id: tournamentId }
  const last = file.log[file.log.length - 1]
  return {
    tournamentId,
    log: file.log,
    state,
    summary: summarize(state, file.log.length, last?.at ?? ''),
  }
}

/**
 * What the Files screen says when the director keeps the copy on this computer instead of the file
 * (issue 28: it said only "Nothing was changed."): what the file holds, and whether it is the very
 * log held here (same length, same last command time) or another one.
 */
export function keptCopyText(
  fileName: string,
  prepared: PreparedTournament,
  held: TournamentSummary | undefined,
): string {
  const count = (n: number): string => `${String(n)} command${n === 1 ? '' : 's'}`
  const name = `“${prepared.summary.name}”`
  const file = `${fileName} holds ${name}, ${count(prepared.summary.commandCount)}`
  if (held === undefined) return `${file}; it was not opened. Nothing was changed.`
  const same =
    held.commandCount === prepared.summary.commandCount &&
    held.updatedAt === prepared.summary.updatedAt
  return same
    ? `${file}: the same log as the one on this computer. Nothing was changed.`
    : `${file}; the copy on this computer (${count(held.commandCount)}) was kept. Nothing was changed.`
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

/**
 * Issue 27: a venue desk's copy also carries its proposals still waiting for the director's
 * laptop (`waiting`, a field older readers ignore), so `rackside serve --take` on another laptop
 * takes them back; without any, the file is the plain tournament file.
 */
export function tournamentFileText(
  tournamentId: string,
  log: readonly LoggedCommand[],
  savedAt: string,
  waiting: readonly HeldProposal[] = [],
): string {
  return writeDeskCopy(tournamentId, log, waiting, savedAt)
}

/** Reads our JSON; a damaged, cut or foreign file is refused with the reader's message. */
export function readTournamentText(text: string): Result<TournamentFile> {
  return readTournamentFile(text)
}

/**
 * `readTournamentText` a slice of the page at a time (issue 33: a 2000-player file held the page
 * half a second in one task while its log was checked and folded).
 */
export function readTournamentTextInSlices(text: string): Promise<Result<TournamentFile>> {
  return inSlices(readTournamentFileSteps(text))
}

export function tournamentFileName(state: TournamentState): string {
  return `${slug(state.info.name)}.json`
}

/* ---------- tsh ---------- */

/**
 * What the director chose on the import form (shared/formats/tsh-import.ts: a choice made here
 * overrides config.tsh, which overrides the defaults), and today's date for when neither gives one.
 */
export interface TImportChoices extends TshImportOptions {
  readonly today: string
}

function formatError(where: string, error: { line?: number; message: string }): string {
  return `${where}${error.line === undefined ? '' : `, line ${error.line}`}: ${error.message}`
}

/** What an import did not use or read with a choice made, shown to the director afterwards. */
export interface ImportReport {
  /** The file (or files) imported. */
  readonly file: string
  /** config.tsh keys and commands Rackside does not use. */
  readonly ignored: readonly string[]
  /** Each warning with its file and line. */
  readonly warnings: readonly string[]
}

export interface ImportedEvent {
  readonly commands: readonly Command[]
  readonly report: ImportReport
}

/** `a.t, line 3: …`, or `event.tsh (a.t), line 3: …` for a file inside an archive. */
const problemText = (p: SourcedProblem): string =>
  formatError(p.member === undefined ? p.file : `${p.file} (${p.member})`, p)

function imported(result: ReturnType<typeof importTshFiles>, file: string): Result<ImportedEvent> {
  if (!result.ok) {
    const [first] = result.error.problems
    return err(result.error.code, first === undefined ? result.error.message : problemText(first), {
      ...(result.error.line === undefined ? {} : { line: result.error.line }),
    })
  }
  return ok({
    commands: result.value.commands,
    report: {
      file,
      ignored: result.value.ignored,
      warnings: result.value.warnings.map(problemText),
    },
  })
}

/**
 * A `.t` division file as the commands of a new tournament with that one division, optionally with
 * the event's config.tsh (formats.md, "tsh event"): the CLI's `convert` imports it the same way.
 */
export function importTText(
  fileName: string,
  text: string,
  choices: TImportChoices,
  configFile?: { readonly name: string; readonly text: string },
): Result<ImportedEvent> {
  const { today, ...options } = choices
  return imported(
    importTshFiles(
      { kind: 't', file: { name: fileName, text }, ...(configFile ? { config: configFile } : {}) },
      options,
      today,
    ),
    configFile === undefined ? fileName : `${fileName} with ${configFile.name}`,
  )
}

/** A `.tsh` archive (config.tsh and every division file) as the commands of a new tournament. */
export function importTshText(
  fileName: string,
  text: string,
  choices: TImportChoices,
): Result<ImportedEvent> {
  const { today, ...options } = choices
  return imported(
    importTshFiles({ kind: 'tsh', archive: { name: fileName, text } }, options, today),
    fileName,
  )
}

export interface TextExport {
  readonly name: string
  readonly contents: string
  readonly encoding: TextEncodingName
  /** What the file could not say in its own terms (t-export's notes), for the director. */
  readonly notes?: readonly string[]
}

/** t-export's notes, each line naming its division. */
const exportNotes = (exported: TshExport): string[] =>
  exported.notes.map((n) => `Division ${n.division}, ${n.message}`)

/** One division's `.t` (shared/formats/tsh-export.ts, as the CLI's `convert` writes it). */
export function exportTText(state: TournamentState, division: string): Result<TextExport> {
  const exported = exportTshFiles(state, { division })
  if (!exported.ok) return exported
  const t = exported.value.files[1]
  if (t === undefined) throw new Error('tsh export: no .t written')
  return ok({
    name: t.name,
    contents: t.text,
    encoding: t.encoding,
    notes: exportNotes(exported.value),
  })
}

/** The whole event as one `.tsh` archive: a config.tsh naming each division's file, then the files. */
export function exportTshArchive(state: TournamentState): Result<TextExport> {
  const exported = exportTshFiles(state)
  if (!exported.ok) return exported
  const { archive } = exported.value
  return ok({
    name: `${slug(state.info.name)}.tsh`,
    contents: archive.text,
    encoding: archive.encoding,
    notes: exportNotes(exported.value),
  })
}

/**
 * The AUPAIR rating file of one division, or of the whole event when `division` is null (tsh's
 * `aupair` writes several divisions into one file). High word scores by division name, 0 if absent.
 */
export function exportTou(
  state: TournamentState,
  division: string | null,
  options: { readonly highWordScores: ReadonlyMap<string, number>; readonly byeMode: TouByeMode },
): Result<TextExport> {
  const names = division === null ? state.divisions.map((d) => d.name) : [division]
  const divisions: TouDivision[] = []
  for (const name of names) {
    const file = exportTDivision(state, name, { purpose: 'rating-file' })
    if (!file.ok) return file
    divisions.push({ name, file: file.value, highWordScore: options.highWordScores.get(name) ?? 0 })
  }
  const tou = writeTou(divisions, {
    title: state.info.name,
    date: state.info.startDate,
    byeMode: options.byeMode,
  })
  if (!tou.ok) return tou
  return ok({
    name: `${slug(state.info.name)}${division === null ? '' : `-${slug(division)}`}.tou`,
    contents: tou.value,
    encoding: 'latin1',
  })
}
