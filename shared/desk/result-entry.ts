/*
 * Result entry as one use-case (issue 20): a typed line → a ResultEntry (result-line.ts) → held
 * for a second operator under double entry → a correction the director confirms or a command to
 * store → the sentence the screen shows. The Results screen only calls these and shows the answer.
 */
import { err, ok, type Result } from '../result'
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
  /** Ready to store (after `storeStep`); a matched first entry has left `held`. */
  | { readonly kind: 'store'; readonly entry: ResultEntry; readonly held: readonly HeldEntry[] }

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
  if (!parsed.ok) return parsed
  const entry = parsed.value
  const { held } = doubleEntry
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

/** What the screen says once the command is stored. */
export function storedSentence(command: ResultCommand, entry: ResultEntry): string {
  return `${command.type === 'correctResult' ? 'Corrected' : 'Entered'}: ${entry.summary}`
}
