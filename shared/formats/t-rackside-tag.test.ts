import { describe, expect, test } from 'vitest'
import { entryText, factsText, readFacts, writtenForm, type RoundEntry } from './t-rackside-tag'

describe('the rackside tag: one word per fact, read back as written', () => {
  test.each<[RoundEntry, string, ReturnType<typeof writtenForm>]>([
    [{ kind: 'bye', spread: 50 }, 'bye:50', { opponent: 0, score: 50, adjust: 0 }],
    // tsh has no bye at 0 or below: a win of 1, the rest of the spread as a penalty.
    [{ kind: 'bye', spread: -50 }, 'bye:-50', { opponent: 0, score: 1, adjust: -51 }],
    [{ kind: 'bye', spread: 0 }, 'bye:0', { opponent: 0, score: 1, adjust: -1 }],
    [
      { kind: 'forfeit', won: true, opponent: 3, spread: 0, reason: 'walk-out', rated: false },
      'fw:3:0:walk-out:0',
      { opponent: 0, score: 1, adjust: -1 },
    ],
    [
      { kind: 'forfeit', won: false, opponent: 2, spread: 100, reason: 'late', rated: true },
      'fl:2:100:late:1',
      { opponent: 2, score: 0, adjust: 0 },
    ],
    [
      { kind: 'forfeit', won: false, opponent: 2, spread: 50, reason: 'no-show', rated: false },
      'fl:2:50:no-show:0',
      { opponent: 0, score: -50, adjust: 0 },
    ],
    [
      { kind: 'doubleForfeit', opponent: 4, spread: 0 },
      'df:4:0',
      { opponent: 0, score: -1, adjust: 1 },
    ],
    [
      { kind: 'doubleForfeit', opponent: 4, spread: 50 },
      'df:4:50',
      { opponent: 0, score: -50, adjust: 0 },
    ],
    [{ kind: 'unplayed', opponent: 0 }, 'un:0', { opponent: 0, score: 0, adjust: 0 }],
    [{ kind: 'pending', opponent: 6 }, 'pend:6', { opponent: 0, score: 0, adjust: 0 }],
  ])('%j is written %s and ranks in tsh as %j', (entry, text, form) => {
    expect(entryText(entry)).toBe(text)
    expect(writtenForm(entry)).toEqual(form)
    expect(readFacts([`r2=${text}`])?.rounds.get(2)).toEqual(entry)
  })

  test('a late entry’s first round and a withdrawal round go first, then rounds in order', () => {
    const facts = {
      firstRound: 2,
      withdrawnFrom: 5,
      rounds: new Map<number, RoundEntry>([
        [4, { kind: 'bye', spread: 0 }],
        [3, { kind: 'pending', opponent: 1 }],
      ]),
    }
    const words = factsText(facts)
    expect(words).toEqual(['from=2', 'wd=5', 'r3=pend:1', 'r4=bye:0'])
    expect(readFacts(words)).toEqual(facts)
  })

  test.each([
    ['r1=bye:1:2'],
    ['r1=fw:2:50:lost:1'],
    ['r1=df:x:50'],
    ['r1=bye:1', 'r1=bye:2'],
    ['wd='],
  ])('a word Rackside does not write (%s) makes the whole tag unread', (...values) => {
    expect(readFacts(values)).toBeNull()
  })
})
