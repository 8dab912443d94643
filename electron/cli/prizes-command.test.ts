import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, test } from 'vitest'
import { runCli } from './test-support/run-cli'

/*
 * `rackside prizes` on a tsh event converted to a tournament file (issue 14): the config's prize
 * lines and class tags give the same winners as the Prizes screen.
 */
const ARCHIVE = `division A a.t
config max_rounds = 3
config event_name = 'Club Cup'
prize rank 1 A '$200' exclusive=A
prize rank 1 A '$50' class=B exclusive=A
prize highwin 1 A '$20'
#begin_file name=a.t
Alpha, Ann     1900 2 3; 420 400; class A
Bravo, Bob     1800 1 4; 380 400; class A
Charlie, Cy    1600 4 1; 450 390; class B
Delta, Di      1500 3 2; 300 410; class B
#end_file name=a.t
`

let dir = ''
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'rackside-prizes-'))
  writeFileSync(join(dir, 'cup.tsh'), ARCHIVE, 'utf8')
})
afterEach(() => rmSync(dir, { recursive: true, force: true }))

describe('rackside prizes', () => {
  test('a tsh event converted to .json: winners if the event ended now, and who can still reach 1st', async () => {
    const json = join(dir, 'cup.json')
    expect((await runCli('convert', join(dir, 'cup.tsh'), json, '--date', '2026-05-01')).code).toBe(
      0,
    )
    const out = await runCli('prizes', json)
    expect(out.code).toBe(0)
    const lines = out.stdout.split('\n')
    // The Prizes screen's words (shared/reports/prize-words.ts).
    expect(lines[0]).toBe(
      'Division A: If the event ended now: after round 2, with 1 round still to play.',
    )
    expect(lines[1]).toMatch(/^ {2}1 {2}1st place +\$200 +Alpha, Ann \(2–0 \+50\)$/)
    // Cy (class B) is 2nd overall but 1st place went to Ann: Cy wins class B.
    expect(lines[2]).toMatch(/^ {2}2 {2}Class B 1st place +\$50 +Charlie, Cy \(1–1 \+140\)$/)
    // Di is level with Cy on 1–1 and lost class B on spread: said as on screen (issue 19).
    expect(lines[3]).toMatch(/^ +tied with Delta, Di \(1–1 -140\): spread decided it$/)
    expect(lines[4]).toMatch(/High game \(win\) +\$20 +Charlie, Cy \(Round 1, table 2: 450–300/)
    // One game left: Bob (0–2) cannot reach Ann's two wins; the others can still finish 1st.
    expect(lines[5]).toBe(
      '  can still reach 1st place: Alpha, Ann (1st–3rd), Charlie, Cy (1st–4th), Delta, Di (1st–4th)',
    )
  })

  test('--json gives the report model; a .t file is refused with the way forward', async () => {
    const json = join(dir, 'cup.json')
    await runCli('convert', join(dir, 'cup.tsh'), json, '--date', '2026-05-01')
    const out = await runCli('prizes', json, '--division', 'a', '--json')
    const parsed = JSON.parse(out.stdout) as { divisions: { awards: { winners: unknown[] }[] }[] }
    expect(parsed.divisions[0]?.awards).toHaveLength(3)
    const refused = await runCli('prizes', join(dir, 'a.t'))
    expect(refused.code).toBe(2)
    expect(refused.stderr).toContain('convert a tsh event first')
  })
})
