import { rulesFromPreset } from '../../rules/presets'
import type { PresetId } from '../../rules/rule-set'
import { fold } from '../../tournament/apply'
import type { Command } from '../../tournament/commands'
import type { TournamentState } from '../../tournament/types'
import { parseTFile } from '../t-file'
import { importTDivision } from '../t-import'

/** A `.t` text imported as division A of a fresh tournament of `rounds` rounds under `preset`. */
export function importedTState(
  text: string,
  rounds: number,
  preset: PresetId = 'nsa1995',
): TournamentState {
  const file = parseTFile(text)
  if (!file.ok) throw new Error(`does not parse: ${file.error.message}`)
  const rules = rulesFromPreset(preset)
  const commands = importTDivision(file.value, { division: 'A', rules, rounds })
  if (!commands.ok) throw new Error(`${commands.error.code}: ${commands.error.message}`)
  const all: Command[] = [
    {
      type: 'createTournament',
      info: { name: 'T', venue: '', startDate: '2026-01-01', endDate: '2026-01-01', rounds },
      rules,
    },
    { type: 'addDivision', name: 'A' },
    ...commands.value.commands,
  ]
  const state = fold(
    't',
    all.map((command, seq) => ({ seq, at: '2026-01-01T00:00:00.000Z', command })),
  )
  if (!state.ok || state.value === undefined) throw new Error('the imported log does not fold')
  return state.value
}
