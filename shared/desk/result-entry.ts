/*
 * Result entry as one use-case (issue 20): a typed line → a ResultEntry (result-line.ts) → held
 * for a second operator under double entry → a correction the director confirms or a command to
 * store → the sentence the screen shows. The Results screen only calls these and shows the answer.
 */
import { err, ok, type Result, type RuleError } from '../result'
import type { TournamentState } from '../tournament/types'
import { correctionToConfirm } from './correction'
import {
  parseResultLine,
  resultCommandFor,
  sameEntry,
  type ResultCommand,
  type ResultEntry,
  type ResultLineContext,
} from './result-line'

/** A first entry waiting for the second operator's, by game. */
export interface HeldEntry {
  readonly key: string
  readonly line: string
  readonly entry: ResultEntry
}

/** Entries of the same game share a key, however the line named the game. */
export const entryKey = (entry: ResultEntry): string => JSON.stringify(entry.game)

export type LineStep =
  /** Double entry: the first operator's line, held until a second one says the same. */
  | { readonly kind: 'held'; readonly held: readonly HeldEntry[]; readonly sentence: string }
  /**
   * Ready to store (after `storeStep`); a matched first entry has left `held`. `division` names
   * another division whose game the line is, by a table number no other division has (issue 28).
   */
  | {
      readonly kind: 'store'
      readonly entry: ResultEntry
      readonly held: readonly HeldEntry[]
      readonly division?: string
    }

/**
 * What a typed line does: refused (the line stays with the reason), held as the first of two
 * entries, or ready to store. Under double entry a second line for a held game must say the same
 * (game, result and first player) or it is refused, naming the first entry.
 */
export function lineStep(
  text: string,
  context: ResultLineContext,
  doubleEntry: { readonly on: boolean; readonly held: readonly HeldEntry[] },
): Result<LineStep> {
  const parsed = parseResultLine(text, context)
  const { held } = doubleEntry
  if (!parsed.ok) {
    // Under double entry the first half is held on its own screen's division, so a slip of another
    // division waits for that division's screen (the refusal names it).
    const other = doubleEntry.on ? null : hallTableDivision(context, parsed.error)
    if (other === null) return parsed
    const there = parseResultLine(text, { ...context, division: other })
    return there.ok ? ok({ kind: 'store', entry: there.value, held, division: other }) : there
  }
  const entry = parsed.value
  if (!doubleEntry.on) return ok({ kind: 'store', entry, held })
  const key = entryKey(entry)
  const first = held.find((h) => h.key === key)
  if (first === undefined) {
    return ok({
      kind: 'held',
      held: [...held, { key, line: text, entry }],
      sentence: `First entry held: ${entry.summary}. A second operator enters it again.`,
    })
  }
  if (!sameEntry(first.entry, entry)) {
    return err(
      'result.double-entry.mismatch',
      `This does not match the first entry (“${first.line}”: ${first.entry.summary}). Check the slip; fix this line, or drop the first entry.`,
      { details: { first: first.line } },
    )
  }
  return ok({ kind: 'store', entry, held: held.filter((h) => h.key !== key) })
}

/**
 * The one other division whose round has the table a refused line named (issue 28: tables run
 * across the hall, so a slip typed on another division's screen is that division's game); null
 * when the line named no table, or two other divisions share that table number.
 */
function hallTableDivision(context: ResultLineContext, refusal: RuleError): string | null {
  const table = refusal.details?.['table']
  if (refusal.code !== 'result-line.other-division' || typeof table !== 'number') return null
  const holders = context.state.divisions.filter(
    (d) =>
      d.name !== context.division &&
      (d.rounds[context.round - 1]?.pairings ?? []).some(
        (p) => p.kind === 'game' && p.table === table,
      ),
  )
  const [only] = holders
  return holders.length === 1 && only !== undefined ? only.name : null
}

export type StoreStep =
  /** The game has a result this entry would change: the director confirms, seeing `stored`. */
  | { readonly kind: 'confirm'; readonly stored: string }
  | { readonly kind: 'dispatch'; readonly command: ResultCommand }

/**
 * The command that stores an entry: a correction when the game has a result (issue 13: never
 * overwritten unseen, so it waits for the director's confirmation unless `confirmed`).
 */
export function storeStep(
  state: TournamentState,
  division: string,
  round: number,
  entry: ResultEntry,
  confirmed: boolean,
): StoreStep {
  const stored = confirmed ? null : correctionToConfirm(state, division, round, entry)
  if (stored !== null) return { kind: 'confirm', stored }
  return { kind: 'dispatch', command: resultCommandFor(state, division, round, entry) }
}

/**
 * What the screen says once the command is stored; a game of another division than the one on
 * screen (`shown`) says whose it was.
 */
export function storedSentence(command: ResultCommand, entry: ResultEntry, shown?: string): string {
  const where =
    shown === undefined || shown === command.division ? '' : ` in division ${command.division}`
  return `${command.type === 'correctResult' ? 'Corrected' : 'Entered'}${where}: ${entry.summary}`
}
