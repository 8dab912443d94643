import { describe, expect, test } from 'vitest'
import { isSafeArchiveName } from '../../../shared/formats/tsh-archive'
import { standingsAsOf } from '../../../shared/tournament/views'
import { readDeskCopy } from '../../../shared/venue/held'
// The .t fixtures are plain ASCII and MGI's config.tsh valid UTF-8: Vite reads them as the CLI
// decodes them (UTF-8 when valid), so the text is exact.
import MGI from '../../../shared/formats/__fixtures__/mgi-2022/a.t?raw'
import MGI_CONFIG from '../../../shared/formats/__fixtures__/mgi-2022/config.tsh?raw'
import WORKED from '../../../shared/formats/__fixtures__/worked-example.t?raw'
import AUTOPAIR_T from '../../../shared/formats/__fixtures__/autopair/a.t?raw'
import AUTOPAIR_CONFIG from '../../../shared/formats/__fixtures__/autopair/config.tsh?raw'
import AUTOPAIR_EXPECTED from '../../../shared/formats/__fixtures__/autopair/expected.json?raw'
import { importTshFiles } from '../../../shared/formats/tsh-import'
import { exportTshFiles } from '../../../shared/formats/tsh-export'
import { tourneyJs } from '../../../shared/formats/tourney-js'
import { EMBEDDED_ID } from '../../../shared/publish/site-shell'
import { eventFromDocs } from '../../results-site/site-data'
import { TSH_EXPORT_COMMANDS } from '../../../shared/formats/__fixtures__/tsh-export-event'
import {
  TODAY,
  TSH_IMPORT_CASES,
  WORKED_T,
} from '../../../shared/formats/__fixtures__/tsh-import-cases'
import { RANDOM_TSH_EVENTS } from '../../../shared/formats/__fixtures__/tsh-import-events'
import {
  exportTou,
  exportTshArchive,
  exportTText,
  importTshText,
  importTText,
  keptCopyText,
  prepareCommands,
  prepareFile,
  prepareLog,
  readTournamentText,
  tournamentFileText,
} from './exchange'
import { htmlFolder, RESULTS_SITE_NAME } from '../../../shared/publish/web-pages'

const choices = {
  title: 'Worked <Example>',
  division: 'A',
  preset: 'nsa1995' as const,
  date: '2026-03-14',
  today: '2026-03-14',
}

function imported(text = WORKED, rounds?: number) {
  const commands = importTText('worked.t', text, {
    ...choices,
    ...(rounds === undefined ? {} : { rounds }),
  })
  if (!commands.ok) throw new Error(commands.error.message)
  const prepared = prepareCommands('t-import', commands.value.commands, '2026-03-14T09:00:00.000Z')
  if (!prepared.ok) throw new Error(prepared.error.message)
  return prepared.value
}

const standings = (
  state: ReturnType<typeof imported>['state'],
  division: string,
  round: number,
) => {
  const rows = standingsAsOf(state, division, round)
  if (!rows.ok) throw new Error(rows.error.message)
  return rows.value.map((r) => `${r.rank} ${r.name} ${r.wins}-${r.losses} ${r.spread}`)
}

describe('tsh .t in and out (formats.md, "tsh .t")', () => {
  test('formats.md worked example: import, export, import again gives the same standings', () => {
    const first = imported()
    const exported = exportTText(first.state, 'A')
    expect(exported.ok && exported.value).toMatchObject({ name: 'a.t', encoding: 'latin1' })
    const again = imported(exported.ok ? exported.value.contents : '')
    expect(standings(again.state, 'A', 3)).toEqual(standings(first.state, 'A', 3))
    expect(first.summary).toMatchObject({
      name: 'Worked <Example>',
      commandCount: first.log.length,
    })
  })

  test('MGI 2022 division A: the event may be longer than the file, to carry on in Rackside', () => {
    const event = imported(MGI, 13)
    expect(event.state.info.rounds).toBe(13)
    expect(event.state.divisions[0]?.rounds).toHaveLength(12)
  })

  test('tsh has no bye at −50: the .t export lists it as a note for the Files screen', () => {
    const commands = importTText('worked.t', WORKED, choices)
    if (!commands.ok) throw new Error(commands.error.message)
    const corrected = prepareCommands(
      't-notes',
      [
        ...commands.value.commands,
        {
          type: 'correctResult',
          division: 'A',
          round: 1,
          game: { players: [5] },
          result: { kind: 'bye', player: 5, spread: -50 },
        },
      ],
      'x',
    )
    if (!corrected.ok) throw new Error(corrected.error.message)
    const exported = exportTText(corrected.value.state, 'A')
    expect(exported.ok && exported.value.notes).toEqual([
      expect.stringMatching(/^Division A, round 1, Echo, Ed: tsh has no bye at -50/),
    ])
  })

  test('a broken .t file is refused with its file name and line', () => {
    const commands = importTText('bad.t', 'Ann 1500 2 x\n', choices)
    expect(!commands.ok && commands.error.message).toMatch(/^bad\.t, line 1: /)
  })

  test('a whole event as .tsh imports back to the same standings', () => {
    const first = imported()
    const archive = exportTshArchive(first.state)
    expect(archive.ok).toBe(true)
    if (!archive.ok) return
    expect(archive.value.contents).toContain("config event_name = 'Worked <Example>'")
    const commands = importTshText('event.tsh', archive.value.contents, choices)
    const again = commands.ok ? prepareCommands('t-again', commands.value.commands, 'x') : commands
    expect(again.ok && standings(again.value.state, 'A', 3)).toEqual(standings(first.state, 'A', 3))
  })

  test('formats.md "tsh event": a .t imported with its config.tsh takes the event name, date and division, and reports the ignored keys', () => {
    const config = [
      'division Premier worked.t',
      "config event_name = 'Worked Open'",
      "config event_date = 'February 19, 2022'",
      'config gibson = 1',
      "config director_name = 'Ann'",
      "config pairing_system = 'guelph'",
    ].join('\n')
    // The app's form gives only the rules (and rounds when typed): the rest is config.tsh's.
    const commands = importTText(
      'worked.t',
      WORKED,
      { preset: 'nsa1995', today: '2026-03-14' },
      { name: 'config.tsh', text: config },
    )
    if (!commands.ok) throw new Error(commands.error.message)
    const prepared = prepareCommands('t-config', commands.value.commands, 'x')
    expect(prepared.ok && prepared.value.state.info).toMatchObject({
      name: 'Worked Open',
      startDate: '2022-02-19',
    })
    expect(prepared.ok && prepared.value.state.divisions.map((d) => d.name)).toEqual(['Premier'])
    expect(commands.value.report.ignored).toEqual(expect.arrayContaining(['director_name']))
    expect(commands.value.report.warnings.join('\n')).toContain('pairing_system "guelph"')
  })

  test('a .t import with a config.tsh that breaks a limit is refused with the config line', () => {
    const commands = importTText('worked.t', WORKED, choices, {
      name: 'config.tsh',
      text: 'config max_rounds = 1000000000',
    })
    expect(!commands.ok && commands.error.message).toMatch(/^config\.tsh, line 1: .*limit of 100/)
  })

  test('a .tsh archive whose file name leaves the folder is refused', () => {
    const text = 'division A ../a.t\n#begin_file name=../a.t\nAnn 1500\n#end_file name=../a.t\n'
    const commands = importTshText('evil.tsh', text, choices)
    expect(!commands.ok && commands.error.code).toBe('tsh.archive.unsafe-name')
  })

  test('TOU: CRLF lines, the division as the rating body knows it', () => {
    const highWordScores = new Map([['A', 0]])
    const tou = exportTou(imported().state, 'A', { highWordScores, byeMode: 'aupair' })
    expect(tou.ok && tou.value.contents.split('\r\n')[1]).toBe('*A')
  })

  test('TOU of the whole event (tsh aupair): one *M line, then every division', () => {
    const tou = exportTou(imported().state, null, { highWordScores: new Map(), byeMode: 'aupair' })
    const lines = tou.ok ? tou.value.contents.split('\r\n') : []
    expect(lines.filter((l) => l.startsWith('*M'))).toHaveLength(1)
    expect(lines.at(-2)).toBe('*** END OF FILE ***')
  })
})

describe('our tournament file', () => {
  test('issue 27: a venue desk’s copy carries its waiting proposals; this app opens it as the log', () => {
    const event = imported()
    const last = event.log.at(-1)
    const waiting = [
      {
        _id: 'w0',
        builtOn: { length: event.log.length, last: null },
        command: last?.command ?? { type: 'addDivision', name: 'B' },
        madeAt: '2026-03-14T10:00:00.000Z',
        desk: 'd2',
      },
    ]
    const text = tournamentFileText(
      event.tournamentId,
      event.log,
      '2026-03-14T10:00:00.000Z',
      waiting,
    )
    const read = readTournamentText(text)
    expect(read.ok && read.value.log).toEqual(event.log)
    const copy = readDeskCopy('COPY.json', text)
    expect(copy.ok && copy.value.waiting).toEqual(waiting)
  })

  test('a file cut short is refused with a message that says so', () => {
    const event = imported()
    const text = tournamentFileText(event.tournamentId, event.log, '2026-03-14T10:00:00.000Z')
    expect(readTournamentText(text).ok).toBe(true)
    const cut = readTournamentText(text.slice(0, text.length / 2))
    expect(!cut.ok && cut.error.message).toMatch(/damaged or cut short/)
  })

  test.each([
    ['opened under its own id', undefined],
    ['restored as a new tournament beside it', 't-restored'],
  ])('a file read once is ready to store without a second fold (issue 20): %s', (_case, newId) => {
    const event = imported()
    const text = tournamentFileText(event.tournamentId, event.log, '2026-03-14T10:00:00.000Z')
    const read = readTournamentText(text)
    if (!read.ok) throw new Error(read.error.message)
    const prepared = prepareFile(read.value, newId)
    const id = newId ?? event.tournamentId
    // What a fold under that id gives, and the summary the list shows.
    const again = prepareLog(id, read.value.log)
    expect(again.ok && prepared).toEqual(again.ok && again.value)
    expect(prepared.state.id).toBe(id)
    expect(prepared.summary).toMatchObject({ id, commandCount: event.log.length })
  })
})

describe('opening a file the director keeps the stored copy of says what it held (issue 28)', () => {
  const event = imported()
  const prepared = prepareFile(
    (() => {
      const read = readTournamentText(
        tournamentFileText(event.tournamentId, event.log, '2026-03-14T10:00:00.000Z'),
      )
      if (!read.ok) throw new Error(read.error.message)
      return read.value
    })(),
  )
  const n = event.log.length
  const name = prepared.summary.name

  test.each([
    {
      what: 'the same log as the one held',
      held: prepared.summary,
      said: `saved.json holds “${name}”, ${String(n)} commands: the same log as the one on this computer. Nothing was changed.`,
    },
    {
      what: 'a longer log held here',
      held: { ...prepared.summary, commandCount: n + 3, updatedAt: '2026-03-14T12:00:00.000Z' },
      said: `saved.json holds “${name}”, ${String(n)} commands; the copy on this computer (${String(n + 3)} commands) was kept. Nothing was changed.`,
    },
    {
      what: 'nothing held',
      held: undefined,
      said: `saved.json holds “${name}”, ${String(n)} commands; it was not opened. Nothing was changed.`,
    },
  ])('$what', ({ held, said }) => {
    expect(keptCopyText('saved.json', prepared, held)).toBe(said)
  })
})

describe('the HTML folder for publishing', () => {
  test('plain file names only, an index, and names printed as text', () => {
    const folder = htmlFolder(imported().state)
    expect(folder.ok).toBe(true)
    if (!folder.ok) return
    expect(folder.value.map((f) => f.name)).toEqual([
      'index.html',
      'a-r3-pairings-by-table.html',
      'a-r3-pairings-alphabetical.html',
      'a-r3-standings.html',
      'a-r3-wall-chart.html',
      'a-r3-ranked-wall-chart.html',
      'a-r3-prizes.html',
      'a-r3-game-lists.html',
      'a-r3-team-standings.html',
      'tourney.js',
    ])
    expect(folder.value.every((f) => isSafeArchiveName(f.name))).toBe(true)
    expect(folder.value[0]?.contents).toContain('<h1>Worked &lt;Example&gt;</h1>')
  })

  test('issue 31: tsh’s tourney.js is saved beside the pages, the feed the venue server serves', () => {
    const state = imported().state
    const folder = htmlFolder(state)
    if (!folder.ok) throw new Error(folder.error.message)
    const feed = folder.value.find((f) => f.name === 'tourney.js')
    expect(feed?.contents).toBe(tourneyJs(state))
    expect(feed?.contents.startsWith('newt={')).toBe(true)
  })

  test('issue 31: with the site’s script, results.html holds the event’s log, linked from the index', () => {
    const { log, state } = imported()
    const folder = htmlFolder(state, { script: 'void "site"', log })
    if (!folder.ok) throw new Error(folder.error.message)
    const page = folder.value.find((f) => f.name === RESULTS_SITE_NAME)?.contents ?? ''
    expect(page).toContain('<script>void "site"</script>')
    const open = `id="${EMBEDDED_ID}">`
    const start = page.indexOf(open) + open.length
    const read = eventFromDocs(JSON.parse(page.slice(start, page.indexOf('</script>', start))))
    expect(read.ok && read.value.log).toEqual(log)
    expect(folder.value[0]?.contents).toContain(`href="${RESULTS_SITE_NAME}"`)
    expect(htmlFolder(state).ok && htmlFolder(state)).not.toContainEqual(
      expect.objectContaining({ name: RESULTS_SITE_NAME }),
    )
  })

  test('nothing paired yet: nothing to publish', () => {
    const empty = prepareCommands(
      't-empty',
      [
        {
          type: 'createTournament',
          info: { name: 'E', venue: '', startDate: '2026-01-01', endDate: '2026-01-01', rounds: 3 },
          rules: imported().state.rules,
        },
      ],
      'x',
    )
    const folder = empty.ok ? htmlFolder(empty.value.state) : empty
    expect(!folder.ok && folder.error.code).toBe('publish.nothing')
  })
})

// The CLI's side of this check is in electron/cli/autopair-import.test.ts, on the same example.
describe("tsh's autopair lines through the app, as the CLI imports them (issue 18)", () => {
  test('a .t with its config.tsh gives the plan of __fixtures__/autopair and reports the unmapped line', () => {
    const expected = JSON.parse(AUTOPAIR_EXPECTED) as {
      plan: unknown
      reportedLine: number
      reportedWords: string
    }
    const app = importTText(
      'a.t',
      AUTOPAIR_T,
      { ...choices, division: 'A' },
      { name: 'config.tsh', text: AUTOPAIR_CONFIG },
    )
    if (!app.ok) throw new Error(app.error.message)
    expect(app.value.commands.find((c) => c.type === 'setPairingPlan')).toEqual({
      type: 'setPairingPlan',
      division: 'A',
      plan: expected.plan,
    })
    expect(app.value.report.warnings.join('\n')).toContain(
      `config.tsh, line ${String(expected.reportedLine)}: ${expected.reportedWords}`,
    )
  })
})

// The CLI's side is in electron/cli/tsh-import-paths.test.ts, against the same expected commands.
describe('the app imports a .t as the shared tsh import does, so as the CLI does (issue 20)', () => {
  test.each(TSH_IMPORT_CASES)('$name', ({ fileName, config, options, expected }) => {
    const configFile = config === undefined ? undefined : { name: 'config.tsh', text: config }
    const app = importTText(fileName, WORKED_T, { ...options, today: TODAY }, configFile)
    const shared = importTshFiles(
      {
        kind: 't',
        file: { name: fileName, text: WORKED_T },
        ...(configFile === undefined ? {} : { config: configFile }),
      },
      options,
      TODAY,
    )
    if (!app.ok || !shared.ok) throw new Error('the import was refused')
    expect(app.value.commands).toEqual(shared.value.commands)
    const prepared = prepareCommands('t-paths', app.value.commands, 'x')
    expect(prepared.ok && prepared.value.state.divisions.map((d) => d.name)).toEqual([
      expected.division,
    ])
  })
})

// The CLI's side is in electron/cli/tsh-export-paths.test.ts, against the same shared export.
describe('the .t and .tsh exports are the shared tsh export (issue 20)', () => {
  const prepared = prepareCommands('club', TSH_EXPORT_COMMANDS, '2026-05-01T09:00:00.000Z')
  if (!prepared.ok) throw new Error(prepared.error.message)
  const { state } = prepared.value

  test.each(['A', 'B'])('division %s: the .t in the encoding tsh reads', (name) => {
    const app = exportTText(state, name)
    const shared = exportTshFiles(state, { division: name })
    if (!app.ok || !shared.ok) throw new Error('export failed')
    const t = shared.value.files[1]
    expect([app.value.name, app.value.contents, app.value.encoding]).toEqual([
      t?.name,
      t?.text,
      t?.encoding,
    ])
  })

  test('the whole event: the archive, in the encoding tsh reads', () => {
    const app = exportTshArchive(state)
    const shared = exportTshFiles(state)
    if (!app.ok || !shared.ok) throw new Error('export failed')
    expect([app.value.name, app.value.contents, app.value.encoding]).toEqual([
      'club-cup.tsh',
      shared.value.archive.text,
      shared.value.archive.encoding,
    ])
  })
})

// The CLI's side is in electron/cli/tsh-import-paths.test.ts, on the same events.
describe('made-up events and MGI 2022: the app imports as the shared import does (issue 20)', () => {
  const expectShared = (
    fileName: string,
    text: string,
    options: { readonly date?: string },
    config?: { readonly name: string; readonly text: string },
  ) => {
    const app = importTText(fileName, text, { ...options, today: TODAY }, config)
    const shared = importTshFiles(
      { kind: 't', file: { name: fileName, text }, ...(config === undefined ? {} : { config }) },
      options,
      TODAY,
    )
    if (!app.ok || !shared.ok) throw new Error('the import was refused')
    expect(app.value.commands).toEqual(shared.value.commands)
  }

  test.each(RANDOM_TSH_EVENTS)('$name as a .t (with its config.tsh when it has one)', (e) => {
    const config = e.config === undefined ? undefined : { name: 'config.tsh', text: e.config }
    expectShared(e.fileName, e.t, { date: TODAY }, config)
  })

  test('MGI 2022 division A with its config.tsh', () => {
    expectShared('a.t', MGI, {}, { name: 'config.tsh', text: MGI_CONFIG })
  })
})
