import { describe, expect, test } from 'vitest'
import { AUTHORITY_REFUSALS, type AuthorityRefusal } from '../../../shared/authority/proposal'
import { ENGINE_SENTENCES } from './engine-sentences'
import { errorText, hasDeskWords } from './messages'

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
    // Issue 30: a player's phone is told whom or which day; the engine's message says it.
    'authority.not-own-player': null,
    'authority.phone-off': null,
    'authority.not-own-game': null,
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

/**
 * Issue 28, faults item 7 ("32 refusals still without a line"): every stable code a refusal of
 * shared/ or the renderer carries, read from the sources as `err('code'` (or `err(x ? 'a' : 'b'`).
 * A code built at run time (`${command.type}.blocked`) has no literal to read.
 */
function refusalCodes(): Map<string, string> {
  const sources = {
    ...import.meta.glob<string>(['../../../shared/**/*.ts', '!../../../shared/**/*.test.ts'], {
      query: '?raw',
      import: 'default',
      eager: true,
    }),
    ...import.meta.glob<string>(['../**/*.{ts,vue}', '!../**/*.test.ts'], {
      query: '?raw',
      import: 'default',
      eager: true,
    }),
  }
  const codes = new Map<string, string>()
  const call = /\berr\(\s*(?:[^,'()]*?\?\s*)?'([a-z][\w.-]*)'(?:\s*:\s*'([a-z][\w.-]*)')?/g
  for (const [path, text] of Object.entries(sources)) {
    for (const [, code, other] of text.matchAll(call)) {
      for (const found of [code, other]) if (found !== undefined) codes.set(found, path)
    }
  }
  return codes
}

describe('every refusal the desk can show has its line (issue 28, faults item 7)', () => {
  const codes = refusalCodes()

  test('the sources are read: the result line’s and the log’s refusals are among them', () => {
    expect(codes.get('result-line.table.unknown')).toMatch(/result-line\.ts$/)
    expect(codes.has('tournament.none-open')).toBe(true)
    expect(codes.has('arrival.already-arrived')).toBe(true)
    expect(codes.size).toBeGreaterThan(200)
  })

  test('each code is worded in messages.ts or listed as shown in the engine’s sentence', () => {
    const unworded = [...codes]
      .filter(([code]) => !hasDeskWords(code) && !ENGINE_SENTENCES.has(code))
      .map(([code, path]) => `${code} (${path})`)
    expect(unworded).toEqual([])
  })

  test('the engine-sentence list names only codes that exist and are not worded twice', () => {
    const stale = [...ENGINE_SENTENCES].filter((code) => !codes.has(code) || hasDeskWords(code))
    expect(stale).toEqual([])
  })

  test.each([
    ['tournament.none-open', 'No tournament is open: open one on the Tournaments screen.'],
    ['log.does-not-fold', /^The event still does not open from its log/],
  ])('%s has words of the desk’s own', (code, words) => {
    expect(errorText({ code, message: 'engine' })).toMatch(words)
  })

  // Issue 28, stray spaces: no line of the desk puts a space before a colon or semicolon.
  test.each([...codes.keys()])('%s: no " :" or " ;"', (code) => {
    expect(errorText({ code, message: '' })).not.toMatch(/\s[:;](\s|$)/)
  })
})
