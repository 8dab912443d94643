import { test } from 'vitest'
import { fold } from '../tournament/apply'
import { generateLog } from '../tournament/test-support/generate-log'
import { divisionRatingEstimates } from '../ratings/division-ratings'
import { exportTDivisionWithNotes } from './t-export'
import { tourneyFeed, tshJavaScript } from './tourney-js'
const min = (f: () => void) => { let best = 1e9; for (let i = 0; i < 8; i++) { const t = performance.now(); f(); best = Math.min(best, performance.now() - t) } return best.toFixed(0) }
test('prof', () => {
  const folded = fold('b', generateLog({ players: 440, rounds: 12, seed: 20260314, starts: 'given', publish: true }))
  if (!folded.ok || !folded.value) throw new Error('x')
  const s = folded.value
  const name = s.divisions[0]!.name
  const fresh = () => ({ ...s, divisions: s.divisions.map((d) => ({ ...d })) })
  console.log('ratings fresh', min(() => divisionRatingEstimates(fresh(), name)))
  console.log('texport fresh', min(() => exportTDivisionWithNotes(fresh(), name)))
  console.log('feed object fresh', min(() => tourneyFeed(fresh())))
  const obj = tourneyFeed(s)
  console.log('serialize', min(() => tshJavaScript(obj)))
})
