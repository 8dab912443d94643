import { execFileSync } from 'node:child_process'
import {
  copyFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterEach, beforeEach, describe, expect, test } from 'vitest'
import { writeTournamentFile } from '../../shared/formats/tournament-file'
import { rulesFromPreset } from '../../shared/rules/presets'
import type { Command } from '../../shared/tournament/commands'
import { runCli } from './test-support/run-cli'

const fixtures = new URL('../../shared/formats/__fixtures__/', import.meta.url)
const fixturePath = (name: string): string => fileURLToPath(new URL(name, fixtures))

let dir = ''
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'rackside-cli-'))
  copyFileSync(fixturePath('mgi-2022/a.t'), join(dir, 'a.t'))
  copyFileSync(fixturePath('broken.t'), join(dir, 'broken.t'))
  copyFileSync(fixturePath('worked-example.t'), join(dir, 'worked.t'))
})
afterEach(() => {
  rmSync(dir, { recursive: true, force: true })
})

const cli = runCli

const at = (name: string): string => join(dir, name)

describe('rackside --help (issue 28: serve was listed twice)', () => {
  test('lists each command once', async () => {
    const { stdout } = await cli('--help')
    const listed = stdout
      .split('\n')
      .map((line) => /^ {2}(?:rackside )?([\w-]+)/.exec(line)?.[1])
      .filter((name): name is string => name !== undefined)
    expect(listed).toEqual([
      'check',
      'convert',
      'standings',
      'pair',
      'prizes',
      'ratings',
      'serve',
      'generate',
      'verify',
      'check-ratings',
      'help',
    ])
  })
})

describe('rackside check', () => {
  test('the MGI fixture is ok: 60 players, 12 rounds (exit 0)', async () => {
    expect(await cli('check', at('a.t'))).toEqual({
      code: 0,
      stdout: 'ok: 60 players, 12 rounds\n',
      stderr: '',
    })
  })

  test('a broken file exits 1 and names each bad line', async () => {
    const { code, stdout, stderr } = await cli('check', at('broken.t'))
    expect(code).toBe(1)
    expect(stdout.split('\n').filter(Boolean)).toEqual([
      `${at('broken.t')}:4: no rating after the name "Charlie, Cy" (column 12)`,
      `${at('broken.t')}:5: "x" is not a number where the rating and opponents were expected (column 32)`,
      `${at('broken.t')}:6: score "abc" is not a whole number (column 38)`,
      `${at('broken.t')}:7: "99" is not a tag name: after the scores each \`;\` field starts with a name (column 44)`,
    ])
    expect(stderr).toBe(`${at('broken.t')}: 4 errors\n`)
  })

  test('an inconsistent file exits 1 with the round and both players', async () => {
    writeFileSync(
      at('x.t'),
      'Alpha, Ann 1850 2; 400\nBravo, Bob 1790 3; 380\nCharlie, Cy 1700 2; 410\n',
    )
    const { code, stdout } = await cli('check', at('x.t'))
    expect(code).toBe(1)
    expect(stdout).toBe(
      `${at('x.t')}:1: round 1: Alpha, Ann (#1) lists opponent #2 but #2 lists #3 in round 1\n`,
    )
  })

  test('warnings alone are listed and the file is still ok', async () => {
    writeFileSync(at('w.t'), 'Alpha, Ann 1850 0; 50\nAlpha, Ann 1700 0; 50\n')
    const { code, stdout } = await cli('check', at('w.t'))
    expect(code).toBe(0)
    expect(stdout).toBe(
      `${at('w.t')}:2: warning: Alpha, Ann (#2) has the same name as #1\nok: 2 players, 1 rounds, 1 warning\n`,
    )
  })

  test.each([
    [['check'], /^rackside: usage: rackside check/],
    [['check', 'missing.t'], /^rackside: cannot read missing\.t: no such file or folder\n$/],
    [['check', 'a.txt'], /^rackside: check reads tsh \.t files and Rackside \.json files/],
    [['check', 'a.t', '--frob'], /^rackside: unknown option --frob\n$/],
    [
      ['check', 'a.t', '--encoding', 'ebcdic'],
      /^rackside: --encoding must be one of latin1, utf8\n$/,
    ],
  ])('%j exits 2 with one line', async (argv, message) => {
    const { code, stderr } = await cli(...argv.map((a) => (a === 'a.t' ? at('a.t') : a)))
    expect(code).toBe(2)
    expect(stderr).toMatch(message)
  })
})

describe('rackside with no or an unknown command', () => {
  test('unknown command exits 2 with usage', async () => {
    const { code, stderr } = await cli('frobnicate')
    expect(code).toBe(2)
    expect(stderr).toContain('rackside: unknown command "frobnicate"')
    expect(stderr).toContain('usage: rackside <command>')
  })

  test.each([[['--help']], [['help']], [['help', 'nope']]])(
    '%j prints usage, exit 0',
    async (argv) => {
      const { code, stdout } = await cli(...argv)
      expect(code).toBe(0)
      expect(stdout).toContain('usage: rackside <command>')
    },
  )

  test('no command at all prints usage and exits 2', async () => {
    const { code, stdout } = await cli()
    expect(code).toBe(2)
    expect(stdout).toContain('usage: rackside <command>')
  })

  test.each([['check'], ['convert']])('help %s shows that command', async (command) => {
    const { code, stdout } = await cli('help', command)
    expect(code).toBe(0)
    expect(stdout).toContain(`rackside ${command}`)
  })

  test('a prototype name is not a command', async () => {
    expect((await cli('toString')).code).toBe(2)
  })
})

describe('rackside convert', () => {
  const noTempFiles = (): void => {
    expect(readdirSync(dir).filter((f) => f.endsWith('.tmp'))).toEqual([])
  }

  test('.t -> .t gives the same bytes for the tsh-layout fixture', async () => {
    const { code } = await cli('convert', at('a.t'), at('copy.t'))
    expect(code).toBe(0)
    expect(readFileSync(at('copy.t'))).toEqual(readFileSync(at('a.t')))
    noTempFiles()
  })

  test('.t -> .tou writes the AUPAIR file with the given title, date and division', async () => {
    const argv = ['--title', 'Worked', '--date', '2022-02-19', '--division', 'A']
    const { code } = await cli('convert', at('worked.t'), at('w.tou'), ...argv)
    expect(code).toBe(0)
    const text = readFileSync(at('w.tou'), 'latin1')
    expect(text.split('\r\n').slice(0, 4)).toEqual([
      '*M19.02.2022 Worked',
      '*A',
      `${' '.repeat(38)}0`,
      'Ann Alpha           ' + ' 2420  +2' + ' 2455   3' + ' 2432   5',
    ])
    expect(text.endsWith('*** END OF FILE ***\r\n')).toBe(true)
  })

  test('.t -> .tsh -> .t gives the division file back byte for byte', async () => {
    expect((await cli('convert', at('a.t'), at('event.tsh'), '--division', 'A')).code).toBe(0)
    const archive = readFileSync(at('event.tsh'), 'utf8')
    expect(archive.startsWith('division A a.t\n#begin_file name=a.t\n')).toBe(true)
    expect((await cli('convert', at('event.tsh'), at('out.t'), '--division', 'A')).code).toBe(0)
    expect(readFileSync(at('out.t'))).toEqual(readFileSync(at('a.t')))
  })

  test('an archive with an unsafe name is refused and nothing is written', async () => {
    writeFileSync(
      at('evil.tsh'),
      '#begin_file name=../evil.t\nx 1 0; 0\n#end_file name=../evil.t\n',
    )
    const { code, stdout } = await cli('convert', at('evil.tsh'), at('out.t'))
    expect(code).toBe(1)
    expect(stdout).toBe(`${at('evil.tsh')}:1: "../evil.t" is not a plain file name\n`)
    expect(readdirSync(dir)).not.toContain('out.t')
  })

  test('an archive with two divisions needs --division', async () => {
    writeFileSync(
      at('two.tsh'),
      'division A a.t\ndivision B b.t\n#begin_file name=a.t\n#end_file name=a.t\n#begin_file name=b.t\nBravo, Bob 1790 0; 50\n#end_file name=b.t\n',
    )
    const refused = await cli('convert', at('two.tsh'), at('out.t'))
    expect(refused.code).toBe(2)
    expect(refused.stderr).toContain('choose one with --division (a.t, b.t)')
    expect((await cli('convert', at('two.tsh'), at('out.t'), '--division', 'b')).code).toBe(0)
    expect(readFileSync(at('out.t'), 'utf8')).toBe('Bravo, Bob 1790 0; 50')
  })

  test('refuses to overwrite its input, which stays unchanged', async () => {
    const before = readFileSync(at('a.t'))
    const { code, stderr } = await cli('convert', at('a.t'), join(dir, '.', 'a.t'))
    expect(code).toBe(2)
    expect(stderr).toBe(`rackside: refusing to overwrite the input ${at('a.t')}\n`)
    expect(readFileSync(at('a.t'))).toEqual(before)
  })

  test('a broken input is not converted (exit 1, lines named, no output file)', async () => {
    const { code, stdout } = await cli('convert', at('broken.t'), at('out.t'))
    expect(code).toBe(1)
    expect(stdout).toContain(`${at('broken.t')}:4: `)
    expect(readdirSync(dir)).not.toContain('out.t')
  })

  test('an inconsistent file is not exported to .tou', async () => {
    writeFileSync(at('x.t'), 'Alpha, Ann 1850 2; 400\nBravo, Bob 1790 0; 50\n')
    const { code, stdout } = await cli('convert', at('x.t'), at('x.tou'), '--date', '2022-01-01')
    expect(code).toBe(1)
    expect(stdout).toContain('lists opponent #2 but #2 lists no opponent in round 1')
  })

  // `@name` is a file in the temporary folder; anything else is passed as written.
  test.each([
    [['@a.json', '@out.t'], 'a.json: no such file or folder'],
    [['@a.t', '@out.json', '--rules', 'scrabble'], '--rules must be one of'],
    [['@worked.t', '@w.json', '--date', 'today'], '"today" is not a date (YYYY-MM-DD)'],
    [['@a.t', '@out.csv'], 'cannot convert .t to .csv'],
    [['@a.t'], 'usage: rackside convert'],
    [['@a.t', '@w.tou', '--date', '19/02/2022'], '"19/02/2022" is not a date (YYYY-MM-DD)'],
    [['@a.t', '@w.tou', '--bye-mode', 'skip'], '--bye-mode must be one of'],
  ])('%j exits 2: %s', async (argv, message) => {
    const { code, stderr } = await cli(
      'convert',
      ...argv.map((a) => (a.startsWith('@') ? at(a.slice(1)) : a)),
    )
    expect(code).toBe(2)
    expect(stderr).toContain(message)
    expect(stderr.split('\n').filter(Boolean)[0]).toMatch(/^rackside: /)
  })

  test('a Latin-1 file stays Latin-1 after a round trip', async () => {
    writeFileSync(
      at('l.t'),
      Buffer.from(`${'Nu\u00f1ez, Jos\u00e9'.padEnd(22)}  1500 0; 50`, 'latin1'),
    )
    expect((await cli('convert', at('l.t'), at('l2.t'))).code).toBe(0)
    expect(readFileSync(at('l2.t'))).toEqual(readFileSync(at('l.t')))
  })
})

describe('rackside convert with tournament files (.json, the command log)', () => {
  const mgiConfig = (): string => readFileSync(fixturePath('mgi-2022/config.tsh'), 'latin1')

  test('.t -> .json -> .t gives back the MGI file: every name, rating, opponent, score and tag', async () => {
    const toJson = await cli('convert', at('a.t'), at('a.json'), '--date', '2022-02-19')
    expect(toJson).toMatchObject({ code: 0, stdout: '' })
    const json = JSON.parse(readFileSync(at('a.json'), 'utf8')) as {
      format: string
      log: { command: { type: string; info?: { name: string }; name?: string } }[]
    }
    expect(json.format).toBe('rackside-tournament')
    expect(json.log[0]?.command.info?.name).toBe('a')
    expect(json.log[1]?.command).toEqual({ type: 'addDivision', name: 'A' })
    expect((await cli('convert', at('a.json'), at('back.t'))).code).toBe(0)
    // The fixture has no final newline; tsh layout otherwise, byte for byte.
    expect(readFileSync(at('back.t'), 'latin1')).toBe(`${readFileSync(at('a.t'), 'latin1')}\n`)
  })

  test('formats.md "tsh event": .t -> .json with --config takes the event name, date and division from config.tsh and prints what it ignored', async () => {
    writeFileSync(at('config.tsh'), mgiConfig(), 'latin1')
    const { code, stderr } = await cli(
      'convert',
      at('a.t'),
      at('a.json'),
      '--config',
      at('config.tsh'),
    )
    expect(code).toBe(0)
    expect(stderr).toContain('ignored from config.tsh:')
    expect(stderr).toContain('hook_autopair')
    const json = JSON.parse(readFileSync(at('a.json'), 'utf8')) as {
      log: {
        command: { type: string; info?: { name: string; startDate: string }; name?: string }
      }[]
    }
    expect(json.log[0]?.command.info).toMatchObject({
      name: 'MGI SCRABBLE PREMIER LEAGUE 2022 - MATCH DAY ONE',
      startDate: '2021-02-19',
    })
    expect(json.log[1]?.command).toEqual({ type: 'addDivision', name: 'A' })
  })

  test('--rules, --division and --title name the imported tournament', async () => {
    const { code } = await cli(
      'convert',
      at('worked.t'),
      at('w.json'),
      '--rules',
      'msa',
      '--division',
      'Open',
      '--title',
      'Spring Open',
      '--date',
      '2026-03-14',
    )
    expect(code).toBe(0)
    const json = JSON.parse(readFileSync(at('w.json'), 'utf8')) as {
      log: { command: Record<string, unknown> }[]
    }
    expect(json.log[0]?.command).toMatchObject({
      type: 'createTournament',
      info: { name: 'Spring Open', startDate: '2026-03-14', rounds: 3 },
      rules: { preset: 'msa' },
    })
    expect(json.log[1]?.command).toEqual({ type: 'addDivision', name: 'Open' })
  })

  test.each(['naspa', 'wespa'])(
    'issue 32: --rules %s imports under the federation’s current rules',
    async (preset) => {
      const { code } = await cli('convert', at('worked.t'), at('w.json'), '--rules', preset)
      expect(code).toBe(0)
      const json = JSON.parse(readFileSync(at('w.json'), 'utf8')) as {
        log: { command: { rules?: unknown } }[]
      }
      expect(json.log[0]?.command.rules).toEqual(rulesFromPreset(preset as 'naspa' | 'wespa'))
    },
  )

  test('issue 28: check and convert read a tournament file with one decoder: bytes that are not UTF-8 are refused by both, naming the byte and line', async () => {
    expect((await cli('convert', at('worked.t'), at('w.json'))).code).toBe(0)
    const bytes = readFileSync(at('w.json'))
    const text = bytes.toString('utf8')
    // A name's letter replaced by a Latin-1 byte, as an editor saving in Latin-1 would leave it.
    const where = text.indexOf('Ann')
    const damaged = Buffer.from(bytes)
    damaged[where] = 0xc5
    writeFileSync(at('bad.json'), damaged)
    const line = text.slice(0, where).split('\n').length
    const expected = `${at('bad.json')}:${String(line)}: not a Rackside tournament file: it is not UTF-8 text: byte ${String(where + 1)} (line ${String(line)}) is not UTF-8 (it may be a Latin-1 file)\n`
    const checked = await cli('check', at('bad.json'))
    expect(checked).toMatchObject({ code: 1, stdout: expected })
    const converted = await cli('convert', at('bad.json'), at('bad.t'))
    expect(converted).toMatchObject({ code: 1, stdout: expected })
    expect(existsSync(at('bad.t'))).toBe(false)
  })

  test('the worked example survives .t -> .json -> .json -> .t with the same standings', async () => {
    expect((await cli('convert', at('worked.t'), at('w.json'))).code).toBe(0)
    expect((await cli('convert', at('w.json'), at('w2.json'))).code).toBe(0)
    expect(readFileSync(at('w2.json'), 'utf8')).toBe(readFileSync(at('w.json'), 'utf8'))
    expect((await cli('convert', at('w2.json'), at('w.t'))).code).toBe(0)
    const before = await cli('standings', at('worked.t'), '--all-rounds', '--json')
    const after = await cli('standings', at('w.t'), '--all-rounds', '--json')
    const fromLog = await cli('standings', at('w.json'), '--all-rounds', '--json')
    expect(after.stdout).toBe(before.stdout)
    expect(fromLog.stdout).toBe(before.stdout)
  })

  test('issue 28: a log stopped by an impossible score opens in check and standings once the score is mended in place', async () => {
    expect((await cli('convert', at('worked.t'), at('w.json'))).code).toBe(0)
    const file = JSON.parse(readFileSync(at('w.json'), 'utf8')) as {
      log: { seq: number; at: string; command: Command }[]
    }
    const seq = file.log.findIndex((e) => e.command.type === 'recordResult')
    const original = file.log[seq]?.command
    if (original?.type !== 'recordResult' || original.result.kind !== 'played') {
      throw new Error('the worked example has no played result')
    }
    const impossible: [number, number] = [4120, 350]
    const four = { ...original.result, rawScores: impossible, scores: impossible }
    file.log[seq] = { seq, at: file.log[seq]?.at ?? '', command: { ...original, result: four } }
    writeFileSync(at('bad.json'), JSON.stringify(file))
    expect((await cli('check', at('bad.json'))).code).toBe(1)

    const mend: Command = { type: 'mendCommand', seq, command: original }
    file.log.push({ seq: file.log.length, at: '2026-03-14T20:00:00.000Z', command: mend })
    writeFileSync(at('mended.json'), JSON.stringify(file))
    const checked = await cli('check', at('mended.json'))
    expect(checked).toMatchObject({ code: 0, stdout: expect.stringMatching(/^ok: /) as unknown })
    const before = await cli('standings', at('w.json'), '--all-rounds', '--json')
    const after = await cli('standings', at('mended.json'), '--all-rounds', '--json')
    expect(after.stdout).toBe(before.stdout)
  })

  test('.tsh -> .json imports the event from config.tsh; .json -> .tsh writes it back', async () => {
    writeFileSync(at('config.tsh'), mgiConfig().replace('division B b.t\n', ''))
    expect(
      (await cli('convert', at('a.t'), at('mgi.tsh'), '--config', at('config.tsh'))).code,
    ).toBe(0)
    const imported = await cli('convert', at('mgi.tsh'), at('mgi.json'))
    expect(imported.code).toBe(0)
    expect(imported.stderr).toContain('ignored from config.tsh: ')
    expect(imported.stderr).toContain('director_name')
    const json = JSON.parse(readFileSync(at('mgi.json'), 'utf8')) as {
      log: { command: Record<string, unknown> }[]
    }
    expect(json.log[0]?.command).toMatchObject({
      info: { name: 'MGI SCRABBLE PREMIER LEAGUE 2022 - MATCH DAY ONE', startDate: '2021-02-19' },
      rules: { results: { byeSpread: 100 } },
    })
    expect((await cli('convert', at('mgi.json'), at('again.tsh'))).code).toBe(0)
    const archive = readFileSync(at('again.tsh'), 'latin1')
    expect(archive).toContain(
      "config event_name = 'MGI SCRABBLE PREMIER LEAGUE 2022 - MATCH DAY ONE'",
    )
    expect(archive).toContain('config bye_spread = 100')
    expect(archive).toContain('#begin_file name=a.t')
    expect((await cli('convert', at('again.tsh'), at('x.t'), '--division', 'A')).code).toBe(0)
    expect(readFileSync(at('x.t'), 'latin1')).toBe(readFileSync(at('a.t'), 'latin1'))
  })

  test('.json -> .tou writes the rating file of the division', async () => {
    expect((await cli('convert', at('worked.t'), at('w.json'), '--date', '2026-03-14')).code).toBe(
      0,
    )
    expect((await cli('convert', at('w.json'), at('w.tou'))).code).toBe(0)
    const tou = readFileSync(at('w.tou'), 'latin1')
    expect(tou.startsWith('*M14.03.2026 worked\r\n*WORKED\r\n')).toBe(true)
    expect(tou.trimEnd().endsWith('*** END OF FILE ***')).toBe(true)
  })

  test('a damaged tournament file exits 1 and says what is wrong', async () => {
    expect((await cli('convert', at('worked.t'), at('w.json'))).code).toBe(0)
    const text = readFileSync(at('w.json'), 'utf8')
    writeFileSync(at('cut.json'), text.slice(0, 200))
    const cut = await cli('convert', at('cut.json'), at('cut.t'))
    expect(cut.code).toBe(1)
    expect(cut.stdout).toContain('the JSON is damaged or cut short')
    writeFileSync(at('new.json'), text.replace('"version": 1', '"version": 7'))
    const newer = await cli('convert', at('new.json'), at('new.t'))
    expect(newer.code).toBe(1)
    expect(newer.stdout).toContain('made by a newer Rackside')
    expect(readdirSync(dir)).not.toContain('cut.t')
  })

  test('a file that cannot be imported exits 1 with FILE:LINE: and writes nothing', async () => {
    writeFileSync(at('f.t'), 'Ann 1500 0; -50\nBob 1400 0; 100\n')
    const { code, stdout } = await cli('convert', at('f.t'), at('f.json'))
    expect(code).toBe(1)
    expect(stdout).toMatch(
      new RegExp(`^${at('f.t').replace(/[\\^$.*+?()[\]{}|]/g, '\\$&')}:1: round 1: Ann`),
    )
    expect(readdirSync(dir)).not.toContain('f.json')
  })

  test('a tournament with two divisions needs --division for .t', async () => {
    writeFileSync(at('config.tsh'), mgiConfig())
    copyFileSync(at('worked.t'), at('b.t'))
    const archive = `${mgiConfig()}\n#begin_file name=a.t\n${readFileSync(at('a.t'), 'latin1')}\n#end_file name=a.t\n#begin_file name=b.t\n${readFileSync(at('b.t'), 'latin1')}#end_file name=b.t\n`
    writeFileSync(at('two.tsh'), Buffer.from(archive, 'latin1'))
    expect((await cli('convert', at('two.tsh'), at('two.json'))).code).toBe(0)
    const { code, stderr } = await cli('convert', at('two.json'), at('one.t'))
    expect(code).toBe(2)
    expect(stderr).toContain('choose one with --division (A, B)')
    expect((await cli('convert', at('two.json'), at('b2.t'), '--division', 'b')).code).toBe(0)
    expect(readFileSync(at('b2.t'), 'latin1').split('\n')[0]).toBe(
      'Alpha, Ann              1850 2 3 5; 420 455 432; p12 1 2 2',
    )
  })
})

describe('rackside convert: rating files and export notes from a tournament file', () => {
  const played = (a: number, b: number, sa: number, sb: number) =>
    ({
      kind: 'played',
      players: [a, b],
      rawScores: [sa, sb],
      overtimeSeconds: [0, 0],
      scores: [sa, sb],
    }) as const
  const commands: Command[] = [
    {
      type: 'createTournament',
      info: { name: 'Two Divisions', venue: '', startDate: '2026-03-14', endDate: '', rounds: 1 },
      rules: rulesFromPreset('nsa1995'),
    },
    ...['A', 'B'].flatMap((division): Command[] => [
      { type: 'addDivision', name: division },
      ...['Ann', 'Bob', 'Cy'].map((name): Command => ({
        type: 'registerPlayer',
        division,
        player: { name: `${name} ${division}`, rating: 1500, memberId: '', club: '' },
      })),
      {
        type: 'pairRound',
        division,
        round: 1,
        pairings: [
          { kind: 'game', table: 1, players: [1, 2] },
          { kind: 'bye', player: 3 },
        ],
      },
      {
        type: 'recordResult',
        division,
        round: 1,
        game: { table: 1 },
        result: played(1, 2, 400, 350),
      },
    ]),
    {
      type: 'correctResult',
      division: 'B',
      round: 1,
      game: { players: [3] },
      result: { kind: 'bye', player: 3, spread: -50 },
    },
  ]
  const write = (): void => {
    const log = commands.map((command, seq) => ({ seq, at: '2026-03-14T09:00:00.000Z', command }))
    writeFileSync(at('two.json'), writeTournamentFile('two', log, '2026-03-14T10:00:00.000Z'))
  }

  test('tsh aupair: .json -> .tou without --division writes every division in one file', async () => {
    write()
    const { code } = await cli('convert', at('two.json'), at('two.tou'), '--high-word', 'A=98,B=0')
    expect(code).toBe(0)
    const lines = readFileSync(at('two.tou'), 'latin1').split('\r\n')
    expect(lines.filter((l) => l.startsWith('*'))).toEqual([
      '*M14.03.2026 Two Divisions',
      '*A',
      '*B',
      '*** END OF FILE ***',
    ])
    expect(lines[2]).toBe(`${' '.repeat(37)}98`)
  })

  test('what tsh has no form for is printed as a note on export', async () => {
    write()
    const { code, stderr } = await cli('convert', at('two.json'), at('b.t'), '--division', 'B')
    expect(code).toBe(0)
    expect(stderr).toContain('note: division B, round 1, Cy B: tsh has no bye at -50')
  })
})

describe('issue 20: the CLI refuses what is not the file it asked for, never waiting or exiting 0', () => {
  const passwd =
    'root:x:0:0:root:/root:/bin/bash\ndaemon:x:1:1:daemon:/usr/sbin:/usr/sbin/nologin\n'

  test.each([
    ['a named pipe (would wait forever for a writer)', 'pipe.t', 'it is a named pipe'],
    ['a folder', 'folder.t', 'it is a folder'],
  ])('check on %s exits 2 at once', async (_, name, reason) => {
    if (name === 'pipe.t') execFileSync('mkfifo', [at(name)])
    else mkdirSync(at(name))
    const started = performance.now()
    const { code, stdout, stderr } = await cli('check', at(name))
    expect(performance.now() - started).toBeLessThan(2_000)
    expect({ code, stdout }).toEqual({ code: 2, stdout: '' })
    expect(stderr).toBe(
      `rackside: cannot read ${at(name)}: ${reason}${name === 'pipe.t' ? ', not a regular file' : ''}\n`,
    )
  })

  test('check on a device (a link zero.t to /dev/zero, which never ends) exits 2 at once', async () => {
    symlinkSync('/dev/zero', at('zero.t'))
    const { code, stderr } = await cli('check', at('zero.t'))
    expect(code).toBe(2)
    expect(stderr).toBe(
      `rackside: cannot read ${at('zero.t')}: it is a device, not a regular file\n`,
    )
  })

  test.each([
    ['.json', 'a.json'],
    ['.tsh', 'a.tsh'],
  ])(
    'convert .t -> %s with a --config that is not a config.tsh (/etc/passwd) exits 1 with the line',
    async (_, out) => {
      writeFileSync(at('passwd'), passwd)
      const { code, stdout, stderr } = await cli(
        'convert',
        at('a.t'),
        at(out),
        '--config',
        at('passwd'),
      )
      expect(code).toBe(1)
      expect(stdout.split('\n')[0]).toBe(
        `${at('passwd')}:1: not a config.tsh line (a command word such as config, division or prize comes first): root:x:0:0:root:/root:/bin/bash (column 1)`,
      )
      expect(stderr).toBe(`${at('passwd')}: not converted, fix the errors above first\n`)
      expect(existsSync(at(out))).toBe(false)
    },
  )

  test('convert with --config naming a named pipe exits 2 at once and writes nothing', async () => {
    execFileSync('mkfifo', [at('config.tsh')])
    const { code, stderr } = await cli(
      'convert',
      at('a.t'),
      at('a.json'),
      '--config',
      at('config.tsh'),
    )
    expect(code).toBe(2)
    expect(stderr).toContain('named pipe')
    expect(existsSync(at('a.json'))).toBe(false)
  })

  test('convert with --config of max_rounds 0 exits 1 with its line and writes nothing', async () => {
    writeFileSync(at('config.tsh'), 'division A a.t\nconfig max_rounds = 0\n')
    const { code, stdout } = await cli(
      'convert',
      at('a.t'),
      at('a.json'),
      '--config',
      at('config.tsh'),
    )
    expect(code).toBe(1)
    expect(stdout).toContain(
      `${at('config.tsh')}:2: config max_rounds: a whole number of rounds from 1 expected`,
    )
    expect(existsSync(at('a.json'))).toBe(false)
  })
})
