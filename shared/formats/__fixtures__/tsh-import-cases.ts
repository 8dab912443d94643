/**
 * Worked examples of a tsh import, shared by the use-case's own table (tsh-import.test.ts) and by
 * the checks that the CLI (electron/cli/tsh-import-paths.test.ts) and the app
 * (renderer/src/files/exchange.test.ts) give the same tournament for the same files (issue 20).
 */
import type { TshImportOptions } from '../tsh-import'

/** formats.md's worked example: five players, three rounds. */
export const WORKED_T = [
  'Alpha, Ann              1850 2 3 5; 420 455 432; p12 1 2 2',
  'Bravo, Bob              1790 1 5 0; 380 390 50; p12 2 1 0',
  'Charlie, Cy             1700 4 1 0; 410 401 -50; p12 2 1 1',
  'Delta, Di               1650 3 0 0; 402 50 -50; off -50; p12 1 0 1',
  'Echo, Ed                1600 0 2 1; 50 390 410; p12 0 2 1',
  '',
].join('\n')

export const TODAY = '2026-03-14'

const FULL_CONFIG = [
  'division Premier A.T',
  "config event_name = 'Spring Open'",
  "config event_date = 'February 19, 2022'",
  'config max_rounds = 7',
].join('\n')

export interface TshImportCase {
  readonly name: string
  /** The .t file's name (the CLI writes it under a folder of its own). */
  readonly fileName: string
  readonly config?: string
  readonly options: TshImportOptions
  readonly expected: {
    readonly division: string
    readonly title: string
    readonly date: string
    readonly rounds: number
  }
}

export const TSH_IMPORT_CASES: readonly TshImportCase[] = [
  {
    name: 'no config.tsh, no choice: the file name, today and the rounds in the file (formats.md "tsh .t")',
    fileName: 'spring.t',
    options: {},
    expected: { division: 'SPRING', title: 'spring', date: TODAY, rounds: 3 },
  },
  {
    name: "issue 20: `division Premier A.T` names the file a.t: the division is Premier (tsh's name for it)",
    fileName: 'a.t',
    config: FULL_CONFIG,
    options: {},
    expected: { division: 'Premier', title: 'Spring Open', date: '2022-02-19', rounds: 7 },
  },
  {
    name: 'config.tsh names the file exactly: its division line is used',
    fileName: 'A.T',
    config: FULL_CONFIG,
    options: {},
    expected: { division: 'Premier', title: 'Spring Open', date: '2022-02-19', rounds: 7 },
  },
  {
    name: 'config.tsh names other files only: the division is the file name stem',
    fileName: 'b.t',
    config: FULL_CONFIG,
    options: {},
    expected: { division: 'B', title: 'Spring Open', date: '2022-02-19', rounds: 7 },
  },
  {
    name: "the director's choices override config.tsh (division, title, date, rounds)",
    fileName: 'a.t',
    config: FULL_CONFIG,
    options: { division: 'Elite', title: 'My Open', date: '2026-05-01', rounds: 9 },
    expected: { division: 'Elite', title: 'My Open', date: '2026-05-01', rounds: 9 },
  },
  {
    name: 'a choice given for one setting leaves the others to config.tsh',
    fileName: 'a.t',
    config: FULL_CONFIG,
    options: { rounds: 10 },
    expected: { division: 'Premier', title: 'Spring Open', date: '2022-02-19', rounds: 10 },
  },
  {
    name: 'config.tsh without event_name or event_date: the file name and today',
    fileName: 'a.t',
    config: 'division Premier a.t',
    options: {},
    expected: { division: 'Premier', title: 'a', date: TODAY, rounds: 3 },
  },
  {
    name: 'no config.tsh: the choices over the defaults',
    fileName: 'a.t',
    options: { division: 'C', title: 'Club night', date: '2025-12-31', rounds: 4 },
    expected: { division: 'C', title: 'Club night', date: '2025-12-31', rounds: 4 },
  },
]
