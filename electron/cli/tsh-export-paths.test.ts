import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, test } from 'vitest'
import { TSH_EXPORT_COMMANDS } from '../../shared/formats/__fixtures__/tsh-export-event'
import { listDivisions } from '../../shared/formats/test-support/tsh-feed-reader'
import { encodeText } from '../../shared/formats/text-codec'
import { tourneyJs } from '../../shared/formats/tourney-js'
import { writeTournamentFile } from '../../shared/formats/tournament-file'
import { exportTshFiles, type TshExportText } from '../../shared/formats/tsh-export'
import { applyAll, logOf } from '../../shared/tournament/test-support/event'
import { runCli } from './test-support/run-cli'

let dir = ''
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'rackside-tsh-export-'))
  writeFileSync(
    join(dir, 'club.json'),
    writeTournamentFile('club', logOf(TSH_EXPORT_COMMANDS), '2026-05-01T09:00:00.000Z'),
  )
})
afterEach(() => {
  rmSync(dir, { recursive: true, force: true })
})

const state = applyAll(TSH_EXPORT_COMMANDS)

function bytesOf(file: TshExportText | undefined): Uint8Array {
  if (file === undefined) throw new Error('no such file in the export')
  const bytes = encodeText(file.text, file.encoding)
  if (!bytes.ok) throw new Error(bytes.error.message)
  return bytes.value
}

// The app's side is in renderer/src/files/exchange.test.ts, against the same shared export.
describe('convert .json -> .t / .tsh writes the bytes of the shared tsh export (issue 20)', () => {
  test.each(['A', 'B'])('division %s: its .t and, with --config, its config.tsh', async (name) => {
    const cli = await runCli(
      'convert',
      join(dir, 'club.json'),
      join(dir, 'out.t'),
      '--division',
      name,
      '--config',
      join(dir, 'config.tsh'),
    )
    expect(cli.code).toBe(0)
    const shared = exportTshFiles(state, { division: name })
    if (!shared.ok) throw new Error(shared.error.message)
    const [config, t] = shared.value.files
    expect(new Uint8Array(readFileSync(join(dir, 'out.t')))).toEqual(bytesOf(t))
    expect(new Uint8Array(readFileSync(join(dir, 'config.tsh')))).toEqual(bytesOf(config))
    // What the lone .t's config carries beyond the .t (tsh-export.test.ts reads it back).
    if (name === 'A') expect(config?.text).toContain("config prize_bands{'A'} = [1,2]")
  })

  test('the whole event as a .tsh archive', async () => {
    const cli = await runCli('convert', join(dir, 'club.json'), join(dir, 'out.tsh'))
    expect(cli.code).toBe(0)
    const shared = exportTshFiles(state)
    if (!shared.ok) throw new Error(shared.error.message)
    expect(new Uint8Array(readFileSync(join(dir, 'out.tsh')))).toEqual(
      bytesOf(shared.value.archive),
    )
  })

  test('--config naming the input is refused, and the input is kept', async () => {
    const input = join(dir, 'club.json')
    const before = readFileSync(input)
    const cli = await runCli(
      'convert',
      input,
      join(dir, 'out.t'),
      '--division',
      'A',
      '--config',
      input,
    )
    expect(cli.code).not.toBe(0)
    expect(cli.stderr).toMatch(/refusing to overwrite the input/)
    expect(readFileSync(input)).toEqual(before)
  })
})

// The app's side is in renderer/src/files/exchange.test.ts, the server's in
// electron/venue/tourney-js-route.test.ts: all three write the one shared feed.
describe('issue 31: convert .json -> .js writes tsh’s tourney.js, the shared feed', () => {
  test('every division, in UTF-8, the bytes of tourneyJs', async () => {
    const cli = await runCli('convert', join(dir, 'club.json'), join(dir, 'tourney.js'))
    expect(cli.code).toBe(0)
    const written = readFileSync(join(dir, 'tourney.js'), 'utf8')
    expect(written).toBe(tourneyJs(state))
    expect(listDivisions(written)).toEqual(['A', 'B'])
    expect(written).toContain('"Kowalski, Łukasz"')
  })
})
