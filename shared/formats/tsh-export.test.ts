import { describe, expect, test } from 'vitest'
import { applyAll } from '../tournament/test-support/event'
import type { TournamentState } from '../tournament/types'
import { TSH_CONFIG_NAME, exportTshFiles, tshTextEncoding } from './tsh-export'
import { importTshFiles, type TshSource } from './tsh-import'
import { archiveOf, TSH_EXPORT_COMMANDS } from './__fixtures__/tsh-export-event'

const TODAY = '2026-05-01'

function imported(source: TshSource): TournamentState {
  const result = importTshFiles(source, {}, TODAY)
  if (!result.ok) throw new Error(result.error.message)
  return applyAll(result.value.commands)
}

/** What tsh's files can hold of a state (ids and Rackside-only settings aside). */
function tshFields(state: TournamentState, division?: string) {
  return {
    info: state.info,
    spreadCap: state.rules.results.spreadCapPerGame,
    byeSpread: state.rules.results.byeSpread,
    divisions: state.divisions
      .filter((d) => division === undefined || d.name === division)
      .map((d) => ({
        name: d.name,
        players: d.players,
        rounds: d.rounds,
        plan: d.plan,
        prizes: d.prizes,
        contention: d.contention,
      })),
  }
}

const source = applyAll(TSH_EXPORT_COMMANDS)

describe('one tsh export for the app and the CLI (issue 20; formats.md, "tsh event")', () => {
  test('the folder is config.tsh then each division file, the same files as the archive', () => {
    const exported = exportTshFiles(source)
    if (!exported.ok) throw new Error(exported.error.message)
    const { files, archive } = exported.value
    expect(files.map((f) => [f.name, f.division, f.encoding])).toEqual([
      [TSH_CONFIG_NAME, undefined, 'latin1'],
      ['a.t', 'A', 'latin1'],
      // Łukasz: Latin-1 cannot hold Ł, so this file (only) is UTF-8.
      ['b.t', 'B', 'utf8'],
    ])
    const rebuilt = archiveOf(
      Object.fromEntries(files.slice(1).map((f) => [f.name, f.text])),
      files[0]?.text ?? '',
    )
    expect(archive.text).toBe(rebuilt)
  })

  test('the archive imports back to the same event: prizes, contention, plan, results', () => {
    const exported = exportTshFiles(source)
    if (!exported.ok) throw new Error(exported.error.message)
    const back = imported({
      kind: 'tsh',
      archive: { name: 'x.tsh', text: exported.value.archive.text },
    })
    expect(tshFields(back)).toEqual(tshFields(source))
    // The case is worth testing only if it holds what the .t alone cannot.
    expect(source.divisions[0]?.prizes?.prizes.length).toBe(3)
    expect(source.divisions[0]?.contention?.gibson).toBe(true)
    expect(source.divisions[0]?.plan.length).toBeGreaterThan(0)
  })

  test.each(['A', 'B', 'b'])(
    'division %s alone: its .t and its own config.tsh import back to the same division',
    (name) => {
      const exported = exportTshFiles(source, { division: name })
      if (!exported.ok) throw new Error(exported.error.message)
      const [config, t, ...more] = exported.value.files
      expect(more).toEqual([])
      if (config === undefined || t === undefined) throw new Error('two files expected')
      const back = imported({ kind: 't', file: { name: t.name, text: t.text }, config })
      const wanted = name.toUpperCase()
      expect(tshFields(back)).toEqual(tshFields(source, wanted))
    },
  )

  test('an unknown division is refused by name', () => {
    const exported = exportTshFiles(source, { division: 'Z' })
    expect(exported.ok ? null : [exported.error.code, exported.error.message]).toEqual([
      'division.missing',
      'There is no division Z.',
    ])
  })

  test.each([
    ['plain ASCII', 'Alpha, Ann', 'latin1'],
    ['a Latin-1 accent (tsh reads Latin-1 by default)', 'Émile', 'latin1'],
    ['a letter Latin-1 cannot hold', 'Łukasz', 'utf8'],
  ])('%s is written as %s', (_why, text, encoding) => {
    expect(tshTextEncoding(text)).toBe(encoding)
  })
})
