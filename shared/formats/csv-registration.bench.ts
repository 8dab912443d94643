import { bench, describe } from 'vitest'
import { rulesFromPreset } from '../rules/presets'
import { apply } from '../tournament/apply'
import type { TournamentState } from '../tournament/types'
import { planCsvRegistration, readCsvPlayersBytes, registrationCommand } from './csv-registration'
import { encodeText } from './text-codec'

// A 1,000-row registration list saved by Excel on Windows (Latin-1): read, checked row by row by
// the registration rules, and registered by one command. The target is under 2 s in all.
const lines = ['Surname;Given name;Rating;Member ID;Club;Country;Email']
for (let i = 0; i < 1000; i += 1) {
  lines.push(
    `Müller${String(i)};Jürgen;${String(1000 + i)};M${String(i)};Köln;DEU;j${String(i)}@example.org`,
  )
}
const bytes = encodeText(lines.join('\r\n'), 'latin1')
if (!bytes.ok) throw new Error(bytes.error.message)

const created = apply(
  undefined,
  {
    type: 'createTournament',
    info: { name: 'T', venue: '', startDate: '2026-01-10', endDate: '2026-01-10', rounds: 7 },
    rules: rulesFromPreset('nsa1995'),
  },
  'bench',
)
const event: TournamentState | undefined = created.ok
  ? (() => {
      const withA = apply(created.value, { type: 'addDivision', name: 'A' }, 'bench')
      return withA.ok ? withA.value : undefined
    })()
  : undefined
if (event === undefined) throw new Error('no event')

describe('CSV registration of 1,000 Latin-1 rows', () => {
  bench('read, check every row, register in one command', () => {
    const read = readCsvPlayersBytes(bytes.value)
    const command = registrationCommand('A', planCsvRegistration(event, 'A', read.rows))
    if (command === null) throw new Error('nothing to register')
    const after = apply(event, command, 'bench')
    if (!after.ok || after.value.divisions[0]?.players.length !== 1000)
      throw new Error('not registered')
  })
})
