/** A long log for the renderer's tests (issue 33): an event and `players` registrations. */
import { rulesFromPreset } from '../../../../shared/rules/presets'
import type { Command, LoggedCommand } from '../../../../shared/tournament/commands'

export function registrationsLog(players: number): readonly LoggedCommand[] {
  const commands: Command[] = [
    {
      type: 'createTournament',
      info: {
        name: 'Slices Open',
        venue: 'Hall',
        startDate: '2026-03-14',
        endDate: '2026-03-16',
        rounds: 10,
      },
      rules: rulesFromPreset('nsa1995'),
    },
    { type: 'addDivision', name: 'A' },
  ]
  for (let i = 1; i <= players; i++) {
    commands.push({
      type: 'registerPlayer',
      division: 'A',
      player: {
        name: `Player ${i}`,
        rating: 1000 + ((i * 37) % 1000),
        memberId: `M${i}`,
        club: '',
      },
    })
  }
  return commands.map((command, seq) => ({ seq, at: '2026-03-14T09:00:00.000Z', command }))
}
