import { describe, expect, test } from 'vitest'
import { applyAll, WORKED_EXAMPLE } from '../tournament/test-support/event'
import { mapConfigToRules, parseConfigTsh } from './config-tsh'
import { parseTFile } from './t-file'
import { parseTshArchive } from './tsh-archive'
import { divisionFileName, exportTshEvent } from './tsh-event-export'

describe('a whole event as a tsh .tsh archive (formats.md, "tsh event")', () => {
  test.each([
    { name: 'A', taken: [], file: 'a.t' },
    { name: 'Open B', taken: [], file: 'open-b.t' },
    { name: 'Élite', taken: [], file: 'elite.t' },
    { name: 'A', taken: ['a.t'], file: 'a-2.t' },
    { name: '../..', taken: [], file: 'division.t' },
    { name: 'con', taken: [], file: 'con-2.t' },
  ])(
    'division $name is written as $file (a Windows device name such as con is avoided)',
    ({ name, taken, file }) => {
      expect(divisionFileName(name, new Set(taken))).toBe(file)
    },
  )

  test('the archive names each division in config.tsh and holds its .t file', () => {
    const state = applyAll([
      ...WORKED_EXAMPLE.setup,
      { type: 'addDivision', name: 'Open B' },
      ...WORKED_EXAMPLE.round1,
    ])
    const text = exportTshEvent(state)
    if (!text.ok) throw new Error(text.error.message)
    const archive = parseTshArchive(text.value)
    if (!archive.ok) throw new Error(archive.error.message)
    expect(archive.value.files.map((f) => f.name)).toEqual(['a.t', 'open-b.t'])
    const config = parseConfigTsh(archive.value.configText)
    expect(config.config.divisions.map((d) => [d.name, d.file])).toEqual([
      ['A', 'a.t'],
      ['Open_B', 'open-b.t'],
    ])
    const a = parseTFile(archive.value.files[0]!.text)
    expect(a.ok && a.value.players.map((p) => p.name)).toEqual(['Ann', 'Bob', 'Cy', 'Di', 'Ed'])
  })

  test('prize contention is written as tsh reads it and read back the same (issue 10)', () => {
    const state = applyAll([
      ...WORKED_EXAMPLE.setup,
      {
        type: 'setContention',
        division: 'A',
        contention: { gibson: true, prizeBands: [1, 3, 6], maxSpread: 300, contenderRounds: 0 },
      },
    ])
    const text = exportTshEvent(state)
    if (!text.ok) throw new Error(text.error.message)
    const archive = parseTshArchive(text.value)
    if (!archive.ok) throw new Error(archive.error.message)
    expect(archive.value.configText).toContain("config prize_bands{'A'} = [1,3,6]")
    const mapped = mapConfigToRules(parseConfigTsh(archive.value.configText).config, 'A')
    expect(mapped.settings).toMatchObject({
      gibson: true,
      gibsonSpread: 300,
      prizeBands: [1, 3, 6],
    })
  })

  test('tsh config: a spread cap and manual pairing are written so a tsh import reads them back', () => {
    const base = applyAll(WORKED_EXAMPLE.setup)
    const state = applyAll([
      ...WORKED_EXAMPLE.setup,
      {
        type: 'changeRules',
        rules: { ...base.rules, results: { ...base.rules.results, spreadCapPerGame: 300 } },
      },
      {
        type: 'setPairingPlan',
        division: 'A',
        plan: [{ fromRound: 1, system: 'manual', basedOn: 'previous', maxRepeats: 0 }],
      },
    ])
    const text = exportTshEvent(state)
    if (!text.ok) throw new Error(text.error.message)
    const archive = parseTshArchive(text.value)
    if (!archive.ok) throw new Error(archive.error.message)
    const mapped = mapConfigToRules(parseConfigTsh(archive.value.configText).config, 'A')
    expect(mapped.settings).toMatchObject({ spreadCap: 300, pairingSystem: 'manual' })
  })
})
