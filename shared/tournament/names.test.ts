import fc from 'fast-check'
import { describe, expect, test } from 'vitest'
import { parseTypedPairings } from '../desk/manual-pairing'
import { parseResultLine } from '../desk/result-line'
import type { Command } from './commands'
import { NAME_CLOSENESS, closestByName, foldName, nameLevel, playerNumber } from './names'
import { searchPlayers } from './search'
import { applyAll, create, register } from './test-support/event'
import type { Division, TournamentState } from './types'

describe('folding a name for the desk (issue 20: one way on every screen)', () => {
  test.each([
    ['accents dropped', 'José Müller', 'jose muller'],
    ['German ß spelled ss', 'Weiß', 'weiss'],
    ['capital ẞ spelled ss', 'WEIẞ', 'weiss'],
    ['Nordic Ø', 'Ødegaard', 'odegaard'],
    ['Æ and Œ spelled out', 'Æsa Œuvre', 'aesa oeuvre'],
    ['Polish Ł', 'Łukasz Wałęsa', 'lukasz walesa'],
    ['Icelandic Þ and Ð', 'Þór Guðmundsson', 'thor gudmundsson'],
    ['a curly apostrophe as the typed one', 'O’Brien', "o'brien"],
    ['a modifier-letter apostrophe', 'Dʼarcy', "d'arcy"],
    ['an en dash in a double name', 'Smith–Jones', 'smith-jones'],
    ['a non-breaking hyphen', 'Smith‑Jones', 'smith-jones'],
    ['a ligature', 'ﬁfe', 'fife'],
    ['Turkish dotless ı', 'Yılmaz', 'yilmaz'],
  ])('%s: %s folds to %s', (_, name, folded) => {
    expect(foldName(name)).toBe(folded)
  })

  test('two spellings of one name fold alike (a second registration is spotted)', () => {
    expect(foldName('O’Brien, Pat')).toBe(foldName("O'BRIEN, PAT"))
  })
})

describe('how closely a fragment matches a name', () => {
  const obrien = { id: 8, name: 'O’Brien, Pat' }
  test.each([
    ['brien', obrien, 'whole-word'],
    ['BRIEN', obrien, 'whole-word'],
    ['obrien', obrien, 'whole-word'],
    ["o'brien", obrien, 'whole-word'],
    ['o’brien', obrien, 'whole-word'],
    ['bri', obrien, 'word-start'],
    ['rie', obrien, 'inside'],
    ['brienne', obrien, 'none'],
    ['brien', { id: 9, name: 'Brienne, Lee' }, 'word-start'],
    ['weiss', { id: 1, name: 'Weiß, Eva' }, 'whole-word'],
    ['wei', { id: 1, name: 'Weiß, Eva' }, 'word-start'],
    ['odegaard', { id: 1, name: 'Ødegaard, Ola' }, 'whole-word'],
    ['muller', { id: 1, name: 'Müller, Jan' }, 'whole-word'],
    ['müller', { id: 1, name: 'Muller, Jan' }, 'whole-word'],
    ['lukasz', { id: 1, name: 'Łukasz Nowak' }, 'whole-word'],
    ['jones', { id: 1, name: 'Smith-Jones, Al' }, 'whole-word'],
    ['smithjones', { id: 1, name: 'Smith–Jones, Al' }, 'whole-word'],
    ['smith-jones', { id: 1, name: 'Smith–Jones, Al' }, 'whole-word'],
    ['smith,al', { id: 1, name: 'Smith, Al' }, 'whole-word'],
    ['#7', { id: 7, name: 'Ann Lee' }, 'whole-word'],
    ['7', { id: 7, name: 'Ann Lee' }, 'whole-word'],
    ['#7', { id: 17, name: 'Ann Lee' }, 'none'],
    ["'", obrien, 'none'],
    ['', obrien, 'none'],
  ])('“%s” in %o: %s', (fragment, player, closeness) => {
    expect(NAME_CLOSENESS[nameLevel(fragment, player)]).toBe(closeness)
  })

  test.each([
    ['#12', 12],
    ['12', 12],
    [' 3 ', 3],
    ['#', null],
    ['1a', null],
    ['ann', null],
  ])('player number of %j: %j', (token, number) => {
    expect(playerNumber(token)).toBe(number)
  })
})

describe('the closest players a fragment names', () => {
  const players = [
    { id: 1, name: 'Brienne, Lee' },
    { id: 2, name: 'O’Brien, Pat' },
    { id: 3, name: 'Joanne Tan' },
    { id: 4, name: 'Ann Smith' },
    { id: 5, name: 'Anna Smith' },
  ]
  test.each([
    // The case: O’Brien's whole word beats Brienne's word start on every screen.
    ['brien', [2]],
    ['ann', [4]],
    ['an', [4, 5]],
    ['smith', [4, 5]],
    ['oan', [3]],
    ['zed', []],
    ['#5', [5]],
  ])('%s: players %j', (fragment, ids) => {
    expect(closestByName(fragment, players).map((p) => p.id)).toEqual(ids)
  })
})

/*
 * Every screen that takes a name fragment: the result line (`forfeit FRAGMENT`), typed pairings
 * (`bye FRAGMENT`) and the player search of check-in and the Players screen (Enter takes the first
 * row). For random fields and fragments they pick the same player, or name the same players when
 * the fragment is ambiguous (the search then lists exactly those first).
 */
describe('one fragment picks the same player on every screen (issue 20)', () => {
  const PARTS = [
    'O’Brien',
    "O'Neil",
    'Brien',
    'Brienne',
    'Weiß',
    'Weiss',
    'Ødegaard',
    'Müller',
    'Muller',
    'Ann',
    'Anna',
    'Joanne',
    'Anne-Marie',
    'Łukasz',
    'Æsa',
    'Smith',
    'Smithers',
    'Þór',
    'José',
    'D’Arcy',
    'Lee',
    'Dan',
  ] as const
  // Words the screens read as commands, not names.
  const KEYWORDS = new Set([
    ...['ot', 'first', 'forfeit', 'late', 'walkout', 'walk-out', 'double-forfeit'],
    ...['doubleforfeit', 'unplayed', 'bye', 'v', 'vs', 'versus'],
  ])

  const field = fc
    .array(fc.tuple(fc.constantFrom(...PARTS), fc.constantFrom(...PARTS)), {
      minLength: 1,
      maxLength: 6,
    })
    .map((names) => names.flatMap(([last, first]) => [`${last}, ${first}`, `${first} ${last}`]))

  /** Everyone registered in division A and paired in round 1, two by two. */
  function eventOf(names: readonly string[]): TournamentState {
    const commands: Command[] = [
      create('nsa1995', 3),
      { type: 'addDivision', name: 'A' },
      ...names.map((name) => register(name)),
      {
        type: 'pairRound',
        division: 'A',
        round: 1,
        system: 'manual',
        pairings: Array.from({ length: names.length / 2 }, (_, i) => ({
          kind: 'game' as const,
          table: i + 1,
          players: [2 * i + 1, 2 * i + 2] as const,
        })),
      },
    ]
    return applyAll(commands)
  }

  type Pick =
    | { readonly kind: 'one'; readonly id: number }
    | { readonly kind: 'several' | 'none'; readonly ids: readonly number[] }
  const sorted = (ids: readonly number[]): number[] => [...ids].sort((a, b) => a - b)
  const idsOf = (text: unknown): number[] =>
    typeof text === 'string' ? sorted(text.split(/\s+/).map(Number)) : []

  test('result line, typed pairings and the search agree', () => {
    const scenario = field.chain((names) =>
      fc.tuple(
        fc.constant(names),
        fc.oneof(
          fc
            .tuple(fc.constantFrom(...names), fc.nat(), fc.integer({ min: 2, max: 7 }))
            .map(([name, at, length]) => name.slice(at % name.length, (at % name.length) + length)),
          fc.constantFrom(...PARTS).map((part) => part.toLowerCase()),
          fc.constantFrom(...PARTS).map((part) => foldName(part).replace(/['-]/g, '')),
        ),
      ),
    )
    fc.assert(
      fc.property(scenario, ([names, fragment]) => {
        fc.pre(/\p{L}/u.test(fragment) && !/[\s,;]/.test(fragment))
        fc.pre(!KEYWORDS.has(fragment.toLowerCase()))
        const tournament = eventOf(names)
        const division = tournament.divisions[0] as Division
        const line = parseResultLine(`forfeit ${fragment}`, {
          state: tournament,
          division: 'A',
          round: 1,
        })
        const fromLine: Pick = line.ok
          ? { kind: 'one', id: line.value.result.kind === 'forfeit' ? line.value.result.loser : 0 }
          : line.error.code === 'result-line.name.ambiguous'
            ? { kind: 'several', ids: idsOf(line.error.details?.['players']) }
            : { kind: 'none', ids: [] }

        const typed = parseTypedPairings(`bye ${fragment}`, division, 2)
        const fromTyped: Pick = typed.ok
          ? { kind: 'one', id: typed.value.byes[0] ?? 0 }
          : typed.error.code === 'manual.player.ambiguous'
            ? { kind: 'several', ids: idsOf(typed.error.details?.['players']) }
            : { kind: 'none', ids: [] }

        const rows = searchPlayers(division.players, fragment).map((p) => p.id)
        expect(fromTyped).toEqual(fromLine)
        switch (fromLine.kind) {
          case 'one':
            expect(rows[0]).toBe(fromLine.id)
            break
          case 'several':
            expect(sorted(rows.slice(0, fromLine.ids.length))).toEqual(fromLine.ids)
            break
          case 'none':
            expect(rows).toEqual([])
        }
      }),
      { numRuns: 300 },
    )
  })
})
