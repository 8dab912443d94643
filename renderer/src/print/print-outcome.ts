import type { PrintOutcome } from '../../../electron/ipc-contract'

/**
 * What the director reads once a document went to the printer, in the same words on every screen
 * that prints (Print, Rounds, the Venue network's poster and code slips); `ok: false` is a failure
 * the screen shows as one.
 */
export function printOutcomeWords(
  outcome: PrintOutcome,
  title: string,
): { readonly ok: boolean; readonly text: string } {
  switch (outcome.status) {
    case 'printed':
      return { ok: true, text: `Sent to the printer: ${title}.` }
    case 'cancelled':
      return { ok: true, text: 'Printing was cancelled.' }
    case 'failed':
      return { ok: false, text: outcome.message }
  }
}
