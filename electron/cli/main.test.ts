import {
  copyFileSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterEach, beforeEach, describe, expect, test } from 'vitest'
import { run } from './main'

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

const cli = async (...argv: string[]) => {
  let stdout = ''
  let stderr = ''
  const code = await run(argv, {
    stdout: (t) => (stdout += t),
    stderr: (t) => (stderr += t),
  })
  // A stack frame line ("    at fn (file:1:2)") must never reach the director.
  expect(`${stdout}${stderr}`).not.toMatch(/^\s+at /m)
  return { code, stdout, stderr }
}

const at = (name: string): string => join(dir, name)

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
    [['check', 'a.txt'], /^rackside: check reads tsh \.t files/],
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
      '0',
      'Alpha, Ann          2420  +22455   32432   5',
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
    [['@a.t', '@out.json'], 'not supported yet: tournament JSON arrives with the file issue'],
    [['@a.json', '@out.t'], 'not supported yet: tournament JSON arrives with the file issue'],
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
