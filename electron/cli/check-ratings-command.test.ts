import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterEach, beforeEach, describe, expect, test } from 'vitest'
import { levelOnWinsEvent } from '../../shared/desk/test-support/level-on-wins'
import { writeTournamentFile } from '../../shared/formats/tournament-file'
import { ID, logOf } from '../../shared/tournament/test-support/event'
import { runCli } from './test-support/run-cli'

const LIST = fileURLToPath(
  new URL('../../shared/ratings/__fixtures__/lists/members.csv', import.meta.url),
)

let dir = ''
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'rackside-check-ratings-'))
  const event = levelOnWinsEvent(['Alpha, Ann', 'Bravo, Bob', 'Charlie, Cy', 'Delta, Di'])
  writeFileSync(
    join(dir, 'event.json'),
    writeTournamentFile(ID, logOf(event), '2026-11-29T12:00:00.000Z'),
  )
})
afterEach(() => {
  rmSync(dir, { recursive: true, force: true })
})

describe('issue 32: rackside check-ratings names who the federation list does not clear', () => {
  test('an expired, a suspended and an unlisted player, in the screens’ words; exit 1', async () => {
    const { code, stdout } = await runCli('check-ratings', join(dir, 'event.json'), LIST)
    expect(code).toBe(1)
    expect(stdout.split('\n').filter((l) => l !== '')).toEqual([
      'Bravo, Bob (A#2): membership expired on 2025-12-31',
      'Charlie, Cy (A#3) is suspended on the ratings list',
      'Delta, Di (A#4) is not on the ratings list: not a member, or the name or member id differs',
      `3 players not cleared by ${LIST}`,
    ])
  })

  test('--on a day before the expiry clears Bob; --json lists the warnings', async () => {
    const { code, stdout } = await runCli(
      'check-ratings',
      join(dir, 'event.json'),
      LIST,
      '--on',
      '2025-06-01',
      '--json',
    )
    expect(code).toBe(1)
    const { warnings } = JSON.parse(stdout) as { warnings: { kind: string; name: string }[] }
    expect(warnings.map((w) => `${w.kind} ${w.name}`)).toEqual([
      'suspended Charlie, Cy',
      'not-listed Delta, Di',
    ])
  })

  test.each([
    { argv: ['event.t', 'list.csv'], message: 'give a Rackside tournament file (.json)' },
    { argv: ['event.json', 'list.csv', '--on', '1/12/2026'], message: 'YYYY-MM-DD' },
  ])('$argv is refused naming what is wrong', async ({ argv, message }) => {
    const [event, list, ...rest] = argv
    const { code, stderr } = await runCli(
      'check-ratings',
      join(dir, event ?? ''),
      join(dir, list ?? ''),
      ...rest,
    )
    expect(code).toBe(2)
    expect(stderr).toContain(message)
  })
})

describe('issue 32: convert --ratings names the non-members beside the export for ratings', () => {
  test('EVENT.json -> .tou writes OUT.members.txt naming who the list does not clear', async () => {
    const out = join(dir, 'event.tou')
    const { code, stderr } = await runCli(
      'convert',
      join(dir, 'event.json'),
      out,
      '--ratings',
      LIST,
    )
    expect(code).toBe(0)
    expect(stderr).toContain('Delta, Di (A#4) is not on the ratings list')
    expect(readFileSync(`${out}.members.txt`, 'utf8').split('\n')).toEqual([
      `Not cleared by ${LIST} (3):`,
      'Bravo, Bob (A#2): membership expired on 2025-12-31',
      'Charlie, Cy (A#3) is suspended on the ratings list',
      'Delta, Di (A#4) is not on the ratings list: not a member, or the name or member id differs',
      '',
    ])
  })

  test('--ratings on a conversion that is no export for ratings is refused', async () => {
    const { code, stderr } = await runCli(
      'convert',
      join(dir, 'event.json'),
      join(dir, 'again.json'),
      '--ratings',
      LIST,
    )
    expect(code).toBe(2)
    expect(stderr).toContain('--ratings is for the export for ratings')
  })
})
