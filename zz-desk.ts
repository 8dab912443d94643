import { divisionRatingEstimates } from './shared/ratings/division-ratings'
import { apply, fold } from './shared/tournament/apply'
import type { Command } from './shared/tournament/commands'
import { generateLog } from './shared/tournament/test-support/generate-log'
import { standingsTable } from './shared/desk/standings-table'
import { ratingsAfterRound, newRatingWords } from './shared/desk/rating-estimates'
const log = generateLog({ players: 1000, rounds: 20, seed: 20260314, starts: 'given' })
const folded = fold('bench', log)
if (!folded.ok || folded.value === undefined) throw new Error('x')
const full = folded.value
const division = full.divisions[0]!.name
const last = log[log.length - 1]!.command as any
const correction: Command = { ...last, type: 'correctResult' }
const time = (label: string, f: () => void) => {
  for (let i = 0; i < 3; i++) f()
  const t: number[] = []
  for (let i = 0; i < 10; i++) { const s = performance.now(); f(); t.push(performance.now() - s) }
  t.sort((a, b) => a - b)
  console.log(label, 'median', t[5]!.toFixed(1), 'min', t[0]!.toFixed(1))
}
time('baseline', () => { const n = apply(full, correction, 'b'); if (!n.ok) throw 1; standingsTable(n.value, division, 20) })
for (const system of ['nsa', 'nsa2008', 'wespa'] as const) {
  const s = apply(full, { type: 'setRatingSystem', division, system }, 'b')
  if (!s.ok) throw 1
  time(system, () => {
    const n = apply(s.value, correction, 'b'); if (!n.ok) throw 1
    const lines = ratingsAfterRound(divisionRatingEstimates(n.value, division), 20)
    for (const row of standingsTable(n.value, division, 20)) { const l = lines.get(row.player); if (l) newRatingWords(l) }
  })
}
