/**
 * One event for the checks that the CLI (electron/cli/tsh-export-paths.test.ts) and the app
 * (renderer/src/files/exchange.test.ts) write the same tsh files (issue 20): two divisions,
 * prizes and class tags, gibson and prize bands, an autopair plan, a spread cap, a Latin-1
 * accent, and a name Latin-1 cannot hold (so one division's `.t` is UTF-8, as tsh then needs).
 */
import type { Command } from '../../tournament/commands'
import { importTshFiles } from '../tsh-import'

export const TSH_EXPORT_CONFIG = `division A a.t
division B b.t
config max_rounds = 4
config event_name = 'Club Cup'
config event_date = '2026-04-18'
config gibson = 1
config gibson_spread = [250]
config prize_bands{'A'} = [1,2]
config spread_cap = 300
autopair A 0 1 if 3 A
autopair A 1 2 koth 1 1 A
prize rank 1 A "$200" exclusive=A
prize rank 1 A $50 class=B groupname='Class B' exclusive=A
prize highwin 1 A "Book token"
prize roundrecord 1 B $30 first=1 last=2
`

export const TSH_EXPORT_FILES: Readonly<Record<string, string>> = {
  'a.t': `Alpha, Ann    1900 2 3; 420 400; class A
Bravo, Bob     1800 1 4; 380 400; class A
Charlie, Cy    1600 4 1; 450 390; class B
Delta, Di      1500 3 2; 300 410; class B
`,
  'b.t': `Echo, Émile   1200 2 2; 400 350
Foxtrot, Fay   1100 1 1; 300 360
Kowalski, Łukasz 1000 0 0; 50 50
`,
}

/** The same files as one `.tsh` archive (formats.md, "tsh event"). */
export function archiveOf(files: Readonly<Record<string, string>>, config: string): string {
  const parts = [config.trimEnd()]
  for (const [name, text] of Object.entries(files)) {
    parts.push(`#begin_file name=${name}`, text.trimEnd(), `#end_file name=${name}`)
  }
  return `${parts.join('\n')}\n`
}

const imported = importTshFiles(
  { kind: 'tsh', archive: { name: 'club.tsh', text: archiveOf(TSH_EXPORT_FILES, TSH_EXPORT_CONFIG) } },
  {},
  '2026-05-01',
)
if (!imported.ok) throw new Error(imported.error.message)

export const TSH_EXPORT_COMMANDS: readonly Command[] = imported.value.commands
