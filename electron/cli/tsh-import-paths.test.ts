import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, test } from 'vitest'
import {
  TODAY,
  TSH_IMPORT_CASES,
  WORKED_T,
} from '../../shared/formats/__fixtures__/tsh-import-cases'
import { RANDOM_TSH_EVENTS } from '../../shared/formats/__fixtures__/tsh-import-events'
import { importTshFiles } from '../../shared/formats/tsh-import'
import type { Command } from '../../shared/tournament/commands'
import { runCli } from './test-support/run-cli'

let dir = ''
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'rackside-tsh-import-'))
})
afterEach(() => {
  rmSync(dir, { recursive: true, force: true })
})

// The app's side is in renderer/src/files/exchange.test.ts, against the same expected commands.
describe('convert .t -> .json gives the commands of the shared tsh import (issue 20)', () => {
  test.each(TSH_IMPORT_CASES)('$name', async ({ fileName, config, options, expected }) => {
    const tPath = join(dir, fileName)
    writeFileSync(tPath, WORKED_T)
    const flags: string[] = ['--date', options.date ?? TODAY]
    if (config !== undefined) {
      writeFileSync(join(dir, 'config.tsh'), config)
      flags.push('--config', join(dir, 'config.tsh'))
    }
    if (options.division !== undefined) flags.push('--division', options.division)
    if (options.title !== undefined) flags.push('--title', options.title)
    if (options.rounds !== undefined) flags.push('--rounds', String(options.rounds))
    // The CLI's "today" is the clock's: pass it as a date only where the case has no config date.
    const configDated = config?.includes('event_date') === true && options.date === undefined
    const cliFlags = configDated ? flags.slice(2) : flags
    const cli = await runCli('convert', tPath, join(dir, 'out.json'), ...cliFlags)
    expect(cli.code).toBe(0)
    const written = JSON.parse(readFileSync(join(dir, 'out.json'), 'utf8')) as {
      log: { command: Command }[]
    }
    const shared = importTshFiles(
      {
        kind: 't',
        file: { name: fileName, text: WORKED_T },
        ...(config === undefined ? {} : { config: { name: 'config.tsh', text: config } }),
      },
      options,
      TODAY,
    )
    if (!shared.ok) throw new Error(shared.error.message)
    expect(written.log.map((e) => e.command)).toEqual(shared.value.commands)
    const created = shared.value.commands[0]
    expect(created?.type === 'createTournament' && created.info.name).toBe(expected.title)
  })

  test('--rounds that is not a whole number from 1 is refused', async () => {
    writeFileSync(join(dir, 'a.t'), WORKED_T)
    const cli = await runCli('convert', join(dir, 'a.t'), join(dir, 'out.json'), '--rounds', '0')
    expect(cli.code).toBe(2)
    expect(cli.stderr).toMatch(/--rounds must be a whole number from 1/)
  })
})

const MGI = join(import.meta.dirname, '../../shared/formats/__fixtures__/mgi-2022')

/** The commands `convert IN out.json` writes, with the flags given. */
async function convertedCommands(inPath: string, ...flags: string[]): Promise<Command[]> {
  const cli = await runCli('convert', inPath, join(dir, 'out.json'), ...flags)
  expect(cli.code).toBe(0)
  const written = JSON.parse(readFileSync(join(dir, 'out.json'), 'utf8')) as {
    log: { command: Command }[]
  }
  return written.log.map((e) => e.command)
}

// The app's side is in renderer/src/files/exchange.test.ts, on the same events.
describe('made-up events and MGI 2022: convert gives the commands of the shared import (issue 20)', () => {
  test.each(RANDOM_TSH_EVENTS)('$name as a .t (with its config.tsh when it has one)', async (e) => {
    writeFileSync(join(dir, e.fileName), e.t)
    const flags = ['--date', TODAY]
    if (e.config !== undefined) {
      writeFileSync(join(dir, 'config.tsh'), e.config)
      flags.push('--config', join(dir, 'config.tsh'))
    }
    const config = e.config === undefined ? {} : { config: { name: 'config.tsh', text: e.config } }
    const shared = importTshFiles(
      { kind: 't', file: { name: e.fileName, text: e.t }, ...config },
      { date: TODAY },
      TODAY,
    )
    if (!shared.ok) throw new Error(shared.error.message)
    expect(await convertedCommands(join(dir, e.fileName), ...flags)).toEqual(shared.value.commands)
  })

  test('MGI 2022 division A with its config.tsh', async () => {
    const t = readFileSync(join(MGI, 'a.t'), 'utf8')
    const config = readFileSync(join(MGI, 'config.tsh'), 'utf8')
    const source = {
      kind: 't',
      file: { name: join(MGI, 'a.t'), text: t },
      config: { name: join(MGI, 'config.tsh'), text: config },
    } as const
    const shared = importTshFiles(source, {}, TODAY)
    if (!shared.ok) throw new Error(shared.error.message)
    expect(await convertedCommands(join(MGI, 'a.t'), '--config', join(MGI, 'config.tsh'))).toEqual(
      shared.value.commands,
    )
  })
})
