import { describe, expect, test } from 'vitest'
import type { PrintOutcome } from '../../../electron/ipc-contract'
import { printOutcomeWords } from './print-outcome'

describe('what a screen says after printing, one wording for Print, Rounds and the Venue network', () => {
  test.each<[PrintOutcome, boolean, string]>([
    [{ status: 'printed' }, true, 'Sent to the printer: Round 3, division A: Open.'],
    [{ status: 'cancelled' }, true, 'Printing was cancelled.'],
    [{ status: 'failed', message: 'No printer answered.' }, false, 'No printer answered.'],
  ])('%j', (outcome, ok, text) => {
    expect(printOutcomeWords(outcome, 'Round 3, division A: Open')).toEqual({ ok, text })
  })
})
