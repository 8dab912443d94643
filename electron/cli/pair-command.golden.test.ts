/**
 * What `rackside pair` prints, option by option, on the real fixtures and on generated histories
 * (issue 29: one pairing path). Captured before the CLI was made to pair through `planRound`, the
 * use-case the conformance kit shares; the snapshot says the CLI's answers did not move.
 */
import { copyFileSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { generateEvent } from '../../shared/pairing/conformance/generate'
import { otherCycles, roundsAsT } from '../../shared/pairing/test-support/other-schedule'
import { runCli } from './test-support/run-cli'

let dir = ''
const fixture = (path: string) =>
  fileURLToPath(new URL(`../../shared/formats/__fixtures__/${path}`, import.meta.url))

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'rackside-pair-golden-'))
  copyFileSync(fixture('mgi-2022/a.t'), join(dir, 'mgi.t'))
  copyFileSync(fixture('mgi-2022/config.tsh'), join(dir, 'mgi-config.tsh'))
  copyFileSync(fixture('autopair/a.t'), join(dir, 'a.t'))
  copyFileSync(fixture('autopair/config.tsh'), join(dir, 'config.tsh'))
  copyFileSync(fixture('woogles/a.t'), join(dir, 'woogles-a.t'))
  copyFileSync(fixture('woogles/b.t'), join(dir, 'woogles-b.t'))
  copyFileSync(fixture('worked-example.t'), join(dir, 'worked.t'))
  writeFileSync(join(dir, 'rr8.t'), roundsAsT(8, otherCycles(8, 1, 87).slice(0, 3)))
  writeFileSync(join(dir, 'rr4.t'), roundsAsT(4, otherCycles(4, 4, 412).slice(0, 7)))
  const generated = generateEvent({
    seed: 29,
    players: 13,
    rounds: 8,
    preset: 'msa',
    ratingSpread: 800,
    forfeits: 5,
    lateEntries: 2,
  })
  if (!generated.ok) throw new Error(generated.error.message)
  writeFileSync(join(dir, 'gen.t'), generated.value.text)
})
afterAll(() => {
  rmSync(dir, { recursive: true, force: true })
})

/** File name, then the arguments after it; `@name` in an argument is a file of the scratch dir. */
const CASES: readonly (readonly [string, ...string[]])[] = [
  ['mgi.t', '--round', '12', '--rounds', '12'],
  ['mgi.t', '--round', '12', '--rounds', '12', '--json'],
  ['mgi.t', '--round', '8', '--rounds', '12'],
  ['mgi.t', '--round', '2', '--rounds', '12', '--session-breaks', '1,6'],
  ['mgi.t', '--round', '5', '--rounds', '12', '--session-breaks', '3,7', '--json'],
  ['mgi.t', '--round', '10', '--system', 'swiss'],
  ['mgi.t', '--round', '10', '--system', 'koth', '--based-on', '8'],
  ['mgi.t', '--round', '10', '--system', 'swiss', '--neighbours', '--max-repeats', '0'],
  ['mgi.t', '--round', '6', '--system', 'rating', '--seed', '7'],
  ['mgi.t', '--round', '6', '--system', 'random', '--seed', '7', '--json'],
  ['mgi.t', '--round', '3', '--system', 'fontes', '--fontes-rounds', '3'],
  ['mgi.t', '--round', '4', '--system', 'australian'],
  ['mgi.t', '--round', '5', '--system', 'rr', '--rr-start', '1'],
  ['mgi.t', '--round', '5', '--system', 'drr', '--rr-start', '3'],
  ['mgi.t', '--round', '11', '--rounds', '12', '--gibson', '--prize-bands', '1,3,6'],
  ['mgi.t', '--round', '11', '--rounds', '12', '--contender-rounds', '0'],
  [
    'mgi.t',
    '--round',
    '12',
    '--rounds',
    '12',
    '--system',
    'swiss',
    '--contender-rounds',
    '2',
    '--gibson-spread',
    '300',
  ],
  ['mgi.t', '--round', '9', '--rounds', '12', '--avoid', '1:2,3:4', '--preset', 'msa'],
  ['mgi.t', '--round', '9', '--rounds', '12', '--preset', 'wespa', '--seed', '3', '--json'],
  ['mgi.t', '--round', '7', '--config', '@mgi-config.tsh'],
  ['mgi.t', '--round', '7', '--config', '@mgi-config.tsh', '--division', 'A', '--rounds', '12'],
  ['a.t', '--round', '2', '--config', '@config.tsh'],
  ['a.t', '--round', '2', '--config', '@config.tsh', '--rounds', '6', '--json'],
  ['woogles-a.t', '--round', '4', '--rounds', '6'],
  ['woogles-b.t', '--round', '3', '--rounds', '5', '--encoding', 'utf8'],
  ['worked.t', '--round', '4', '--rounds', '6'],
  ['worked.t', '--round', '4', '--system', 'swiss', '--preset', 'naspa', '--json'],
  ['rr8.t', '--round', '4', '--rounds', '7'],
  ['rr8.t', '--round', '4', '--rounds', '7', '--json'],
  ['rr8.t', '--round', '4', '--system', 'rr'],
  ['rr4.t', '--round', '8', '--rounds', '12'],
  ['gen.t', '--round', '5', '--rounds', '8', '--preset', 'msa', '--seed', '29'],
  ['gen.t', '--round', '8', '--rounds', '8', '--preset', 'msa', '--seed', '29', '--json'],
]

describe('rackside pair prints what it printed before one pairing path (issue 29)', () => {
  test.each(CASES.map((c) => [c.join(' '), c] as const))('pair %s', async (_, [file, ...rest]) => {
    const argv = ['pair', join(dir, file), ...rest.map((a) => a.replace(/^@/, `${dir}/`))]
    const { code, stdout, stderr } = await runCli(...argv)
    const scrub = (text: string) => text.replaceAll(dir, '<dir>')
    expect({ code, stdout: scrub(stdout), stderr: scrub(stderr) }).toMatchSnapshot()
  })
})
