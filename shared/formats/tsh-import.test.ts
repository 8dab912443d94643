import { describe, expect, test } from 'vitest'
import { TODAY, TSH_IMPORT_CASES, WORKED_T } from './__fixtures__/tsh-import-cases'
import { fileStem, importTshFiles, type TshImport } from './tsh-import'
import { readFileSync } from 'node:fs'
import { fold } from '../tournament/apply'
import { ratingSystemFor } from '../ratings/division-ratings'
import { applyAll, create, register } from '../tournament/test-support/event'
import { decodeTFileBytes } from './text-codec'
import { exportTshEvent } from './tsh-event-export'

const fixture = (name: string): string =>
  decodeTFileBytes(readFileSync(new URL(`./__fixtures__/mgi-2022/${name}`, import.meta.url))).text
const MGI_A = fixture('a.t')
const MGI_CONFIG = fixture('config.tsh')

function event(imported: TshImport) {
  const state = fold(
    'tsh-import',
    imported.commands.map((command, seq) => ({ seq, at: `${TODAY}T09:00:00.000Z`, command })),
  )
  if (!state.ok || state.value === undefined) throw new Error('the import does not fold')
  const { info, divisions } = state.value
  return {
    division: divisions.map((d) => d.name).join(','),
    title: info.name,
    date: info.startDate,
    rounds: info.rounds,
  }
}

describe('one tsh import for the app and the CLI: choice over config.tsh over default (issue 20)', () => {
  test.each(TSH_IMPORT_CASES)('$name', ({ fileName, config, options, expected }) => {
    const imported = importTshFiles(
      {
        kind: 't',
        file: { name: fileName, text: WORKED_T },
        ...(config === undefined ? {} : { config: { name: 'config.tsh', text: config } }),
      },
      options,
      TODAY,
    )
    if (!imported.ok) throw new Error(imported.error.message)
    expect(event(imported.value)).toEqual(expected)
  })

  test.each([
    ['/events/spring/a.t', 'a'],
    ['C:\\events\\Spring Open.t', 'Spring Open'],
    ['noext', 'noext'],
  ])('file stem of %s is %s (the default title and division)', (path, stem) => {
    expect(fileStem(path)).toBe(stem)
  })

  test('a path in the file name still finds its config.tsh division line', () => {
    const imported = importTshFiles(
      {
        kind: 't',
        file: { name: '/events/spring/a.t', text: WORKED_T },
        config: { name: '/events/spring/config.tsh', text: 'division Premier a.t' },
      },
      {},
      TODAY,
    )
    expect(imported.ok && event(imported.value).division).toBe('Premier')
  })

  test('two divisions naming a.t and A.T: the exact file name wins over the one ignoring case', () => {
    const config = { name: 'config.tsh', text: 'division Lower A.T\ndivision Upper a.t' }
    const imported = importTshFiles(
      { kind: 't', file: { name: 'a.t', text: WORKED_T }, config },
      {},
      TODAY,
    )
    expect(imported.ok && event(imported.value).division).toBe('Upper')
  })

  test('errors in config.tsh and in the .t are all reported, each with its file and line', () => {
    const imported = importTshFiles(
      {
        kind: 't',
        file: { name: 'a.t', text: 'Ann 1500 2 x\n' },
        config: { name: 'config.tsh', text: 'root:x:0:0:root:/root:/bin/bash' },
      },
      {},
      TODAY,
    )
    expect(imported.ok).toBe(false)
    if (imported.ok) return
    const files = imported.error.problems.map((p) => `${p.file}:${String(p.line)}`)
    expect(files).toEqual(expect.arrayContaining(['config.tsh:1', 'a.t:1']))
    expect(imported.error.problems.every((p) => p.severity === 'error')).toBe(true)
  })

  test('a config.tsh warning comes back with its file and line, and the import goes on', () => {
    const imported = importTshFiles(
      {
        kind: 't',
        file: { name: 'a.t', text: WORKED_T },
        config: { name: 'config.tsh', text: "division A a.t\nconfig pairing_system = 'guelph'" },
      },
      {},
      TODAY,
    )
    expect(imported.ok && imported.value.warnings.map((w) => [w.file, w.line])).toContainEqual([
      'config.tsh',
      2,
    ])
  })

  describe('a .tsh archive', () => {
    const archive = (config: string) => ({
      kind: 'tsh' as const,
      archive: {
        name: 'spring.tsh',
        text: `${config}\n#begin_file name=a.t\n${WORKED_T}#end_file name=a.t\n`,
      },
    })

    test.each([
      {
        name: "config.tsh's event_name and event_date when the director gives none",
        config:
          "division A a.t\nconfig event_name = 'Spring Open'\nconfig event_date = '2022-02-19'",
        options: {},
        expected: { title: 'Spring Open', date: '2022-02-19' },
      },
      {
        name: "the director's title and date over config.tsh's",
        config:
          "division A a.t\nconfig event_name = 'Spring Open'\nconfig event_date = '2022-02-19'",
        options: { title: 'My Open', date: '2026-05-01' },
        expected: { title: 'My Open', date: '2026-05-01' },
      },
      {
        name: 'neither: the archive name and today',
        config: 'division A a.t',
        options: {},
        expected: { title: 'spring', date: TODAY },
      },
    ])('$name', ({ config, options, expected }) => {
      const imported = importTshFiles(archive(config), options, TODAY)
      if (!imported.ok) throw new Error(imported.error.message)
      expect(event(imported.value)).toMatchObject({ ...expected, division: 'A' })
    })

    test('an error in a division file names the archive and the file inside it', () => {
      const imported = importTshFiles(
        {
          kind: 'tsh',
          archive: {
            name: 'spring.tsh',
            text: 'division A a.t\n#begin_file name=a.t\nAnn 1500 2 x\n#end_file name=a.t\n',
          },
        },
        {},
        TODAY,
      )
      expect(!imported.ok && imported.error.problems[0]).toMatchObject({
        file: 'spring.tsh',
        member: 'a.t',
        severity: 'error',
      })
    })
  })
})

describe('issue 22: the rating system through config.tsh, both ways', () => {
  const fromDivision = (imported: TshImport) => {
    const state = fold(
      'tsh-import',
      imported.commands.map((command, seq) => ({ seq, at: `${TODAY}T09:00:00.000Z`, command })),
    )
    if (!state.ok || state.value === undefined) throw new Error('the import does not fold')
    const folded = state.value
    return Object.fromEntries(
      folded.divisions.map((d) => [d.name, ratingSystemFor(folded, d.name)]),
    )
  }

  test('round trip: each division’s system is written to the .tsh and read back the same', () => {
    const state = applyAll([
      create('nsa1995', 6),
      { type: 'addDivision', name: 'A' },
      { type: 'addDivision', name: 'B' },
      { type: 'addDivision', name: 'C' },
      register('Ann', 1739, 'A'),
      register('Bob', 1588, 'B'),
      register('Cy', 0, 'C'),
      { type: 'setRatingSystem', division: 'A', system: 'nsa2008' },
      { type: 'setRatingSystem', division: 'B', system: 'wespa' },
    ])
    const archive = exportTshEvent(state)
    if (!archive.ok) throw new Error(archive.error.message)
    expect(archive.value).toContain("config rating_system = 'nsa2008'")
    expect(archive.value).toContain("config division_rating_system{'B'} = 'wespa'")
    // C follows the NSA preset's default, nsa, which differs from the event's line: written too.
    expect(archive.value).toContain("config division_rating_system{'C'} = 'nsa'")
    const imported = importTshFiles(
      { kind: 'tsh', archive: { name: 'e.tsh', text: archive.value } },
      {},
      TODAY,
    )
    if (!imported.ok) throw new Error(imported.error.message)
    expect(fromDivision(imported.value)).toEqual({ A: 'nsa2008', B: 'wespa', C: 'nsa' })
    expect(imported.value.warnings.filter((w) => w.code === 'tsh.config.rating-system')).toEqual([])
  })

  test('the MGI .t with its config.tsh: realm nga names no system, so the preset’s default (nsa) stays unstored', () => {
    const imported = importTshFiles(
      {
        kind: 't',
        file: { name: 'a.t', text: MGI_A },
        config: { name: 'config.tsh', text: MGI_CONFIG },
      },
      {},
      TODAY,
    )
    if (!imported.ok) throw new Error(imported.error.message)
    expect(fromDivision(imported.value)).toEqual({ A: 'nsa' })
    expect(imported.value.commands.some((c) => c.type === 'setRatingSystem')).toBe(false)
  })

  test('a realm that names a system is stored, and realm is then no longer “ignored”', () => {
    const imported = importTshFiles(
      {
        kind: 't',
        file: { name: 'a.t', text: WORKED_T },
        config: { name: 'config.tsh', text: "division A a.t\nconfig realm = 'naspa-csw'" },
      },
      {},
      TODAY,
    )
    if (!imported.ok) throw new Error(imported.error.message)
    expect(fromDivision(imported.value)).toEqual({ A: 'naspa-csw' })
    expect(imported.value.ignored).not.toContain('realm')
  })

  test('an unknown name imports anyway, with the preset’s default and a warning naming the line', () => {
    const imported = importTshFiles(
      {
        kind: 't',
        file: { name: 'a.t', text: WORKED_T },
        config: { name: 'config.tsh', text: "division A a.t\nconfig rating_system = 'glixo'" },
      },
      { preset: 'wsc2003' },
      TODAY,
    )
    if (!imported.ok) throw new Error(imported.error.message)
    expect(fromDivision(imported.value)).toEqual({ A: 'wespa' })
    expect(imported.value.warnings).toContainEqual(
      expect.objectContaining({ file: 'config.tsh', line: 2, code: 'tsh.config.rating-system' }),
    )
  })
})
