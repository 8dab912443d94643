import { describe, expect, test } from 'vitest'
import { applyAll, WORKED_EXAMPLE } from '../tournament/test-support/event'
import { rulesFromPreset } from '../rules/presets'
import { mapConfigToRules, parseConfigTsh } from './config-tsh'
import { parseTFile } from './t-file'
import { eventFromConfig, importTshEvent } from './t-import'
import { parseTshArchive } from './tsh-archive'
import { divisionFileName, exportTshEvent } from './tsh-event-export'
import { importTshFiles } from './tsh-import'

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

  test.each([254, 255, 300, 2000])(
    'issue 28: a division name of %i characters gets a file name that fits, free of the taken ones (the search for one never ended)',
    (length) => {
      const name = 'x'.repeat(length)
      const first = divisionFileName(name)
      expect(first).toBe(`${'x'.repeat(60)}.t`)
      expect(divisionFileName(name, new Set([first]))).toBe(`${'x'.repeat(60)}-2.t`)
    },
  )

  test('issue 28: "missed rounds count as forfeit losses" and its spread go in config.tsh as comments tsh skips, and a re-import sets them again', () => {
    const setup = WORKED_EXAMPLE.setup.map((c) =>
      c.type === 'createTournament'
        ? {
            ...c,
            rules: {
              ...c.rules,
              results: {
                ...c.rules.results,
                lateEntryMissedRounds: 'forfeit-loss' as const,
                forfeitSpread: 75,
              },
            },
          }
        : c,
    )
    const state = applyAll([...setup, ...WORKED_EXAMPLE.round1])
    const text = exportTshEvent(state)
    if (!text.ok) throw new Error(text.error.message)
    const archive = parseTshArchive(text.value)
    if (!archive.ok) throw new Error(archive.error.message)
    expect(archive.value.configText.split('\n')).toEqual(
      expect.arrayContaining([
        '# rackside late_entry_missed_rounds = forfeit-loss',
        '# rackside forfeit_spread = 75',
      ]),
    )
    const imported = importTshFiles(
      { kind: 'tsh', archive: { name: 'e.tsh', text: text.value } },
      {},
      '2026-03-14',
    )
    if (!imported.ok) throw new Error(imported.error.message)
    expect(imported.value.ignored).not.toContain('rackside')
    // A late entry registered after the re-import counts his missed round as the event says.
    const back = applyAll([
      ...imported.value.commands,
      {
        type: 'registerPlayer',
        division: 'A',
        player: { name: 'Late', rating: 0, memberId: '', club: '' },
      },
    ])
    expect(back.rules.results).toMatchObject({
      lateEntryMissedRounds: 'forfeit-loss',
      forfeitSpread: 75,
    })
    expect(back.divisions[0]?.players.at(-1)?.missedRounds).toEqual({
      kind: 'forfeit-loss',
      spread: 75,
    })
  })

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

describe("tsh's session_breaks and pairing lines (issue 18)", () => {
  const config = (lines: string): ReturnType<typeof parseConfigTsh>['config'] =>
    parseConfigTsh(`division A a.t\nconfig max_rounds = 12\n${lines}`).config

  test.each([
    // The MGI 2022 config.tsh: a break after round 7 and the end of the event after round 12.
    ['config session_breaks = [7,12]', [7, 12]],
    ['config session_breaks = [4]', [4]],
    ['config session_breaks = []', []],
  ])('%s maps to breaks %j', (line, breaks) => {
    expect(mapConfigToRules(config(line)).settings.sessionBreaks).toEqual(breaks)
  })

  test.each([
    'config session_breaks = [7,5]',
    'config session_breaks = 7',
    "config session_breaks = ['x']",
  ])('%s is refused with its line', (line) => {
    expect(mapConfigToRules(config(line)).problems).toMatchObject([
      { line: 3, code: 'tsh.config.type' },
    ])
  })

  test('session breaks go into the event and come back out of the .tsh export unchanged', () => {
    const file = parseTFile('Ann 1800 2; 400\nBob 1700 1; 350')
    if (!file.ok) throw new Error(file.error.message)
    const imported = importTshEvent(
      config('config session_breaks = [7,12]'),
      new Map([['a.t', file.value]]),
      {
        fallbackDate: '2026-03-14',
      },
    )
    if (!imported.ok) throw new Error(imported.error.message)
    const created = imported.value.commands[0]
    expect(created?.type === 'createTournament' && created.info.sessionBreaks).toEqual([7, 12])
    const state = applyAll(imported.value.commands)
    const text = exportTshEvent(state)
    if (!text.ok) throw new Error(text.error.message)
    const archive = parseTshArchive(text.value)
    if (!archive.ok) throw new Error(archive.error.message)
    expect(archive.value.configText).toContain('config session_breaks = [7,12]')
    expect(
      mapConfigToRules(parseConfigTsh(archive.value.configText).config).settings.sessionBreaks,
    ).toEqual([7, 12])
    // An automatic division is not one paired by hand.
    expect(archive.value.configText).not.toContain('pairing_system')
  })

  test.each([
    // tsh's manual pairing names the explicit step it keeps: a Manual plan from round 1.
    [
      "config pairing_system = 'manual'",
      [{ fromRound: 1, system: 'manual', basedOn: 'previous', maxRepeats: 0 }],
    ],
    [
      "config pairing_system = 'none'",
      [{ fromRound: 1, system: 'manual', basedOn: 'previous', maxRepeats: 0 }],
    ],
    // tsh's automatic pairing: Rackside's automatic plan (no steps of the director's).
    ["config pairing_system = 'auto'", null],
    ['', null],
  ])('%s gives the plan %j, and the export writes it back', (line, plan) => {
    const event = eventFromConfig(config(line), { fallbackDate: '2026-03-14' })
    if (!event.ok) throw new Error(event.error.message)
    expect(event.value.plan).toEqual(plan)
    const file = parseTFile('Ann 1800 2; 400\nBob 1700 1; 350')
    if (!file.ok) throw new Error(file.error.message)
    const imported = importTshEvent(config(line), new Map([['a.t', file.value]]), {
      fallbackDate: '2026-03-14',
    })
    if (!imported.ok) throw new Error(imported.error.message)
    const text = exportTshEvent(applyAll(imported.value.commands))
    if (!text.ok) throw new Error(text.error.message)
    expect(text.value.includes("config pairing_system = 'manual'")).toBe(plan !== null)
  })
})

describe('issue 32: the federations’ presets through config.tsh', () => {
  test.each(['naspa', 'wespa'] as const)(
    'an event under %s exported and imported again under it keeps its rules, with the bye spread and spread cap tsh has keys for',
    (preset) => {
      const rules = rulesFromPreset(preset)
      const changed = {
        ...rules,
        results: { ...rules.results, byeSpread: 60, spreadCapPerGame: 350 },
      }
      const setup = WORKED_EXAMPLE.setup.map((c) =>
        c.type === 'createTournament' ? { ...c, rules: changed } : c,
      )
      const text = exportTshEvent(applyAll([...setup, ...WORKED_EXAMPLE.round1]))
      if (!text.ok) throw new Error(text.error.message)
      const imported = importTshFiles(
        { kind: 'tsh', archive: { name: 'e.tsh', text: text.value } },
        { preset },
        '2026-03-14',
      )
      if (!imported.ok) throw new Error(imported.error.message)
      expect(applyAll(imported.value.commands).rules).toEqual(changed)
    },
  )
})
