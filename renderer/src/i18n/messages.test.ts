import { describe, expect, test } from 'vitest'
import { AUTHORITY_REFUSALS, type AuthorityRefusal } from '../../../shared/authority/proposal'
import { errorText } from './messages'

const ENGINE = 'the engine’s own message'

describe('the desk’s words for the authority’s refusals (issue 21)', () => {
  const words: Readonly<Record<AuthorityRefusal, string | null>> = {
    // The engine's message names the commands the desk had not seen: shown as it is.
    'authority.stale-head': null,
    'authority.unknown-head': 'another copy of the event',
    'authority.duplicate': 'an id it had already used',
    'authority.not-own': 'only that desk or the director’s can undo it',
    'authority.read-only': 'only shows the event',
    // Worded from the refusal's details; without them, the engine's message.
    'authority.not-allowed': null,
    'authority.proposal-id': 'without its id',
    // Issue 27: the engine's message names the player, table, result and desk.
    'authority.unknown-player': null,
    'authority.re-paired': null,
    'authority.ambiguous-player': null,
    'authority.same-name': null,
    'authority.result-changed': null,
  }

  test.each(AUTHORITY_REFUSALS.map((code) => [code, words[code]] as const))(
    '%s',
    (code, expected) => {
      const text = errorText({ code, message: ENGINE })
      if (expected === null) expect(text).toBe(ENGINE)
      else expect(text).toContain(expected)
    },
  )
})

describe('a desk told what its role may not do (issue 27)', () => {
  test.each([
    [
      'results',
      'pairRound',
      'A results desk cannot pair a round: the director’s laptop does that.',
    ],
    [
      'results',
      'checkIn',
      'A results desk cannot check a player in: the director’s laptop or a check-in desk does that.',
    ],
    [
      'check-in',
      'correctResult',
      'A check-in desk cannot correct a result: the director’s laptop or a results desk does that.',
    ],
  ])('a %s desk proposing %s', (role, command, expected) => {
    const text = errorText({
      code: 'authority.not-allowed',
      message: ENGINE,
      details: { role, command },
    })
    expect(text).toBe(expected)
  })

  test('a refusal without its details keeps the engine’s words', () => {
    expect(errorText({ code: 'authority.not-allowed', message: ENGINE })).toBe(ENGINE)
  })
})

describe('the venue network’s own refusals keep the words that name what they are about (issue 27)', () => {
  test.each([
    [
      'venue.join-limit',
      'This device asked to join 5 times in the last minute: wait a minute, then ask again.',
    ],
    ['venue.dropped', 'The director let this go when Desk 7 was revoked.'],
    ['venue.no-waiting', 'No revoked desk named "Desk 7" left anything waiting.'],
    [
      'venue.pending-refused',
      'One of the 2 commands this desk gave just before was refused by the director’s laptop (its reason is shown): look at the event and repeat this one.',
    ],
  ])('%s', (code, message) => {
    expect(errorText({ code, message })).toBe(message)
  })
})
