import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, test } from 'vitest'
import { TSH_EXPORT_COMMANDS } from '../../shared/formats/__fixtures__/tsh-export-event'
import { listDivisions } from '../../shared/formats/test-support/tsh-feed-reader'
import { tourneyJs } from '../../shared/formats/tourney-js'
import { writeTournamentFile } from '../../shared/formats/tournament-file'
import { applyAll, logOf } from '../../shared/tournament/test-support/event'
import { runCli } from './test-support/run-cli'

let dir = ''
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'rackside-tourney-js-'))
  writeFileSync(
    join(dir, 'club.json'),
    writeTournamentFile('club', logOf(TSH_EXPORT_COMMANDS), '2026-05-01T09:00:00.000Z'),
  )
})
afterEach(() => {
  rmSync(dir, { recursive: true, force: true })
})

// The app's side is in renderer/src/files/exchange.test.ts, the server's in
// electron/venue/tourney-js-route.test.ts: all three write the one shared feed.
describe('issue 31: convert .json -> .js writes tsh’s tourney.js, the shared feed', () => {
  test('every division, in UTF-8, the bytes of tourneyJs', async () => {
    const cli = await runCli('convert', join(dir, 'club.json'), join(dir, 'tourney.js'))
    expect(cli.code).toBe(0)
    const written = readFileSync(join(dir, 'tourney.js'), 'utf8')
    expect(written).toBe(tourneyJs(applyAll(TSH_EXPORT_COMMANDS)))
    expect(listDivisions(written)).toEqual(['A', 'B'])
    expect(written).toContain('"Kowalski, Łukasz"')
  })
})
