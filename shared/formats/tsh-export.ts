/**
 * Exporting to tsh, the one use-case the app's Files screen and the CLI's `convert` both call
 * (issue 20: the app and the CLI each wrote `.t` and `.tsh` files their own way). The event goes
 * out as tsh keeps it on disk, a folder of config.tsh and one `.t` per division, and as the same
 * files in one `.tsh` archive (formats.md, "tsh event"). A division exported alone gets a
 * config.tsh of its own that carries everything the whole event's does for it: the event's
 * settings, its prizes, its gibson and prize-band contention and its autopair plan.
 */
import { err, ok, type Result } from '../result'
import type { TournamentState } from '../tournament/types'
import { exportTDivisionWithNotes } from './t-export'
import { encodeText, type TextEncodingName } from './text-codec'
import { serializeTshArchive } from './tsh-archive'
import { tshEventFiles } from './tsh-event-export'

/** tsh's own name for an event's settings file. */
export const TSH_CONFIG_NAME = 'config.tsh'

export interface TshExportText {
  readonly text: string
  readonly encoding: TextEncodingName
}

export interface TshExportFile extends TshExportText {
  /** A plain file name: `config.tsh`, or a division's `.t` (tsh-event-export's `divisionFileName`). */
  readonly name: string
  /** The division a `.t` holds; absent for config.tsh. */
  readonly division?: string
}

/** What a `.t` cannot say in tsh's terms (t-export's notes), by division. */
export interface TshExportNote {
  readonly division: string
  readonly message: string
}

export interface TshExport {
  /** config.tsh first, then each division's `.t`: the folder tsh opens as the event. */
  readonly files: readonly TshExportFile[]
  /** The same files as one `.tsh` archive. */
  readonly archive: TshExportText
  readonly notes: readonly TshExportNote[]
}

export interface TshExportOptions {
  /** One division only (its name, any case); every division when absent. */
  readonly division?: string
}

/** tsh reads Latin-1 by default (formats.md); text Latin-1 cannot hold is written as UTF-8. */
export function tshTextEncoding(text: string): TextEncodingName {
  return encodeText(text, 'latin1').ok ? 'latin1' : 'utf8'
}

const asText = (text: string): TshExportText => ({ text, encoding: tshTextEncoding(text) })

export function exportTshFiles(
  state: TournamentState,
  options: TshExportOptions = {},
): Result<TshExport> {
  const wanted = options.division
  const divisions =
    wanted === undefined
      ? state.divisions
      : state.divisions.filter((d) => d.name === wanted).length > 0
        ? state.divisions.filter((d) => d.name === wanted)
        : state.divisions.filter((d) => d.name.toLowerCase() === wanted.toLowerCase())
  if (wanted !== undefined && divisions.length !== 1) {
    return err('division.missing', `There is no division ${wanted}.`)
  }
  // config.tsh is written from the divisions it names, so a division alone gets its own lines.
  const event = tshEventFiles({ ...state, divisions })
  if (!event.ok) return event
  const notes: TshExportNote[] = []
  for (const d of divisions) {
    const exported = exportTDivisionWithNotes(state, d.name)
    if (!exported.ok) return exported
    for (const note of exported.value.notes) notes.push({ division: d.name, message: note.message })
  }
  const archive = serializeTshArchive(event.value)
  if (!archive.ok) return archive
  return ok({
    files: [
      { name: TSH_CONFIG_NAME, ...asText(`${event.value.configText}\n`) },
      ...event.value.files.map((f) => ({ name: f.name, division: f.division, ...asText(f.text) })),
    ],
    archive: asText(archive.value),
    notes,
  })
}
