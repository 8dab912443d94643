import { readFileSync } from 'node:fs'
import { describe, expect, test } from 'vitest'
import type { TournamentState } from '../tournament/types'
import { exportTDivision } from './t-export'
import { parseTFile } from './t-file'
import type { TDivisionFile } from './t-file-types'
import { importedTState } from './test-support/imported-t'

const fixture = (name: string): string =>
  readFileSync(new URL(`./__fixtures__/${name}`, import.meta.url), 'latin1')

function parsed(text: string): TDivisionFile {
  const file = parseTFile(text)
  if (!file.ok) throw new Error(file.error.message)
  return file.value
}

const newr = (file: TDivisionFile): (readonly string[] | undefined)[] =>
  file.players.map((p) => p.tags.find((t) => t.name === 'newr')?.values)

const exported = (state: TournamentState): TDivisionFile => {
  const file = exportTDivision(state, 'A')
  if (!file.ok) throw new Error(file.error.message)
  return file.value
}

describe('.t export writes newr as tsh does (issue 22)', () => {
  test('the MGI fixture re-exported: every newr regenerated (under nsa) equals what tsh wrote', () => {
    const original = parsed(fixture('mgi-2022/a.t'))
    const state = importedTState(fixture('mgi-2022/a.t'), 12)
    const again = exported(state)
    expect(newr(again)).toEqual(newr(original))
    expect(newr(again).flat().length).toBe(720)
  })

  test('an imported newr that no longer matches the results is replaced, not kept', () => {
    const text = fixture('mgi-2022/a.t').replace(/newr 1746 1734/, 'newr 1111 1734')
    const again = exported(importedTState(text, 12))
    expect(again.players[0]?.tags.find((t) => t.name === 'newr')?.values.slice(0, 2)).toEqual([
      '1746',
      '1734',
    ])
  })

  test('lines tsh wrote without newr get none from the preset default; a chosen system adds it', () => {
    const text = 'Ann 1500 2; 400\nBob 1500 1; 300\n'
    const state = importedTState(text, 1)
    expect(newr(exported(state))).toEqual([undefined, undefined])
    const chosen: TournamentState = {
      ...state,
      divisions: state.divisions.map((d) => ({ ...d, ratingSystem: 'nsa2008' as const })),
    }
    // 1500 beats 1500: +0.5 × 20 = 10, acceleration 10 − 5 = 5; the loser −10, feedback +¼.
    expect(newr(exported(chosen))).toEqual([['1515'], ['1490']])
  })

  test('under none an imported newr goes back as it came', () => {
    const original = parsed(fixture('mgi-2022/a.t'))
    const state = importedTState(fixture('mgi-2022/a.t'), 12)
    const none: TournamentState = {
      ...state,
      divisions: state.divisions.map((d) => ({ ...d, ratingSystem: 'none' as const })),
    }
    expect(newr(exported(none))).toEqual(newr(original))
  })
})

describe('.t import keeps lifeg as lifetime games (issue 22, "What an estimate is")', () => {
  test.each([
    ['Ann 1500 2; 400; lifeg 42\nBob 1500 1; 300\n', [42, undefined]],
    ['Ann 1500 2; 400; lifeg\nBob 0 1; 300; lifeg x\n', [0, 0]],
  ])('%j', (text, expected) => {
    const state = importedTState(text, 1)
    expect(state.divisions[0]?.players.map((p) => p.lifetimeGames)).toEqual(expected)
    // The tag itself is kept for the export, as every tag is.
    expect(exported(state).players[0]?.tags.some((t) => t.name === 'lifeg')).toBe(true)
  })
})

describe('.t export writes lifeg (issue 22: lifetime games pick the multiplier)', () => {
  const lifeg = (file: TDivisionFile): (readonly string[] | undefined)[] =>
    file.players.map((p) => p.tags.find((t) => t.name === 'lifeg')?.values)
  const withLifetimeGames = (
    state: TournamentState,
    games: readonly (number | undefined)[],
  ): TournamentState => ({
    ...state,
    divisions: state.divisions.map((d) => ({
      ...d,
      // Those left undefined have none already (their lines have no lifeg).
      players: d.players.map((p, i) => {
        const g = games[i]
        return g === undefined ? p : { ...p, lifetimeGames: g }
      }),
    })),
  })

  test.each([
    {
      why: 'typed at the desk on a line imported without it: written',
      text: 'Ann 1500 2; 400\nBob 1500 1; 300\n',
      games: [12, undefined],
      expected: [['12'], undefined],
    },
    {
      why: 'imported and unchanged: goes back as written (even an empty tag)',
      text: 'Ann 1500 2; 400; lifeg 042\nBob 1500 1; 300; lifeg\n',
      games: [42, 0],
      expected: [['042'], []],
    },
    {
      why: 'imported, then changed at the desk: the new number',
      text: 'Ann 1500 2; 400; lifeg 42\nBob 1500 1; 300\n',
      games: [300, undefined],
      expected: [['300'], undefined],
    },
  ])('$why', ({ text, games, expected }) => {
    const state = withLifetimeGames(importedTState(text, 1), games)
    expect(lifeg(exported(state))).toEqual(expected)
  })
})
