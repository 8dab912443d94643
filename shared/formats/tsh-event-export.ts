import { ratingSystemFor } from '../ratings/division-ratings'
import { racksideConfigLine, racksideRankingLine } from './config-tsh'
import { ok, type Result } from '../result'
import { DEFAULT_RANKING, rankingSentence } from '../rules/ranking'
import type { TournamentState } from '../tournament/types'
import { exportTDivision } from './t-export'
import { serializeTFile } from './t-file'
import { isSafeArchiveName, serializeTshArchive } from './tsh-archive'
import { autopairLines } from './tsh-autopair'
import { tshPrizeLines } from './tsh-prizes'

/**
 * Longest stem of a division's file name: far under any file system's 255, so a numbered suffix
 * always fits (issue 28: a 254-character name never fitted, and the search for a free name never
 * ended).
 */
const MAX_FILE_STEM = 60

/** A division's file name in an archive or folder: its name made plain (`Open B` -> `open-b.t`). */
export function divisionFileName(name: string, taken: ReadonlySet<string> = new Set()): string {
  const base =
    name
      .toLowerCase()
      .normalize('NFD')
      .replace(/[\u0300-\u036f]/g, '')
      .replace(/[^a-z0-9_-]+/g, '-')
      .slice(0, MAX_FILE_STEM)
      .replace(/^-+|-+$/g, '') || 'division'
  let candidate = `${base}.t`
  for (let n = 2; taken.has(candidate) || !isSafeArchiveName(candidate); n += 1) {
    candidate = `${base}-${String(n)}.t`
  }
  return candidate
}

/** tsh reads config.tsh as Perl: a single-quoted string needs only `\` and `'` escaped. */
const perlQuote = (text: string): string => `'${text.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`

/**
 * Prize contention as tsh reads it (issue 10): `gibson` and `gibson_spread` for the event (tsh has
 * one value; the first division that sets contention gives it) and `prize_bands` per division.
 */
function contentionConfig(state: TournamentState): string[] {
  const set = state.divisions.filter((d) => d.contention !== undefined)
  const first = set[0]?.contention
  if (first === undefined) return []
  return [
    `config gibson = ${first.gibson ? 1 : 0}`,
    `config gibson_spread = [${String(first.maxSpread)}]`,
    ...set.map(
      (d) =>
        `config prize_bands{'${d.name.replace(/\s+/g, '_')}'} = [${(d.contention?.prizeBands ?? []).join(',')}]`,
    ),
  ]
}

/** A tsh event as its files: config.tsh's text and each division's `.t` (name and text). */
export interface TshEventFiles {
  readonly configText: string
  readonly files: readonly {
    readonly division: string
    readonly name: string
    readonly text: string
  }[]
}

/**
 * Each division's rating system as tsh reads it back (issue 22): the first division's as the
 * event's `rating_system`, and `division_rating_system{'B'}` for each division that differs, so
 * tsh and a Rackside import both rate every division as it is rated here.
 */
function ratingConfig(state: TournamentState): string[] {
  const systems = state.divisions.map((d) => ({
    name: d.name.replace(/\s+/g, '_'),
    system: ratingSystemFor(state, d.name),
  }))
  const event = systems[0]?.system
  if (event === undefined) return []
  return [
    `config rating_system = ${perlQuote(event)}`,
    ...systems
      .filter((d) => d.system !== event)
      .map((d) => `config division_rating_system{'${d.name}'} = ${perlQuote(d.system)}`),
  ]
}

/**
 * Each division's ranking as tsh reads it (issue 32). tsh's `spread_cap` and
 * `standings_spread_cap` take one cap per round for the whole event (as a school championship's
 * config.tsh has them, e.g. [100,100,150,150,250]); when every division caps alike they are
 * written, replacing the preset's one cap. tsh has no tie-break setting, so any order other than
 * the documents' (and caps that differ between divisions) is named in a comment tsh skips.
 */
function rankingConfig(state: TournamentState): string[] {
  const rankings = state.divisions.map((d) => ({
    name: d.name,
    ranking: d.ranking ?? DEFAULT_RANKING,
  }))
  const first = rankings[0]?.ranking.spreadCapByRound ?? []
  const shared =
    first.length > 0 && rankings.every((r) => r.ranking.spreadCapByRound.join() === first.join())
  const presetCap = state.rules.results.spreadCapPerGame
  const lines: string[] = shared
    ? [
        `config spread_cap = [${first.join(',')}]`,
        `config standings_spread_cap = [${first.join(',')}]`,
      ]
    : presetCap === null
      ? []
      : [`config spread_cap = ${String(presetCap)}`]
  rankings.forEach(({ name, ranking }, index) => {
    const ownCaps = !shared && ranking.spreadCapByRound.length > 0
    if (ownCaps || ranking.tieBreaks.join() !== DEFAULT_RANKING.tieBreaks.join()) {
      lines.push(`# Division ${name}: ${rankingSentence(ranking, presetCap)} (Rackside's ranking)`)
      // The same for t-import to read back, named as the division line names the division.
      lines.push(racksideRankingLine(index + 1, name.replace(/\s+/g, '_'), ranking))
    }
  })
  return lines
}

/**
 * The whole event as a tsh `.tsh` archive (formats.md, "tsh event"): a config.tsh naming each
 * division's file, with what our rules map to tsh's settings, then every division's `.t` file.
 */
export function exportTshEvent(state: TournamentState): Result<string> {
  const event = tshEventFiles(state)
  if (!event.ok) return event
  const archive = serializeTshArchive(event.value)
  return archive.ok ? ok(archive.value) : archive
}

/** The files of `exportTshEvent` one by one (tsh-export.ts writes them as a folder or an archive). */
export function tshEventFiles(state: TournamentState): Result<TshEventFiles> {
  const names = new Map<string, string>()
  for (const d of state.divisions)
    names.set(d.name, divisionFileName(d.name, new Set(names.values())))
  const files: { division: string; name: string; text: string }[] = []
  for (const d of state.divisions) {
    const file = exportTDivision(state, d.name)
    if (!file.ok) return file
    files.push({
      division: d.name,
      name: names.get(d.name) ?? '',
      text: serializeTFile(file.value),
    })
  }
  const { info, rules } = state
  const configText = [
    ...state.divisions.map(
      (d) => `division ${d.name.replace(/\s+/g, '_')} ${names.get(d.name) ?? ''}`,
    ),
    `config max_rounds = ${String(info.rounds)}`,
    `config bye_spread = ${String(rules.results.byeSpread)}`,
    `config event_name = ${perlQuote(info.name)}`,
    `config event_date = ${perlQuote(info.startDate)}`,
    ...contentionConfig(state),
    ...ratingConfig(state),
    // tsh's spread cap per game, or per round (issue 32); t-import maps it back (config-tsh.ts).
    ...rankingConfig(state),
    // Rackside's own: how a late entry's missed rounds count, for those registered after a
    // re-import (issue 28; each player's own is in his .t line). tsh skips comments.
    ...(rules.results.lateEntryMissedRounds === 'forfeit-loss'
      ? [
          racksideConfigLine('late_entry_missed_rounds', 'forfeit-loss'),
          racksideConfigLine('forfeit_spread', String(rules.results.forfeitSpread)),
        ]
      : []),
    // tsh's session_breaks (issue 18): where lagged pairing stops; t-import maps it back.
    ...((info.sessionBreaks ?? []).length === 0
      ? []
      : [`config session_breaks = [${(info.sessionBreaks ?? []).join(',')}]`]),
    // Every division paired by hand: tsh's manual pairing. An automatic division (no steps of
    // the director's) is not one.
    ...(state.divisions.length > 0 &&
    state.divisions.every(
      (d) => d.plan.length > 0 && d.plan.every((step) => step.system === 'manual'),
    )
      ? ["config pairing_system = 'manual'"]
      : []),
    // A director's explicit plan as tsh's autopair lines (issue 18); t-import maps them back.
    ...state.divisions.flatMap((d) => autopairLines(d.plan, info, d.name.replace(/\s+/g, '_'))),
    ...state.divisions.flatMap((d) => tshPrizeLines(d, d.name.replace(/\s+/g, '_'))),
  ].join('\n')
  return ok({ configText, files })
}
