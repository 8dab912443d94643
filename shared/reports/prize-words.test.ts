import { describe, expect, test } from 'vitest'
import type { PlaceContenders, PrizeAward, PrizesReport } from './prizes'
import {
  contendersText,
  finishText,
  prizesStatus,
  tiedBehindText,
  valueText,
  winnersText,
} from './prize-words'

const status = (throughRound: number, roundsLeft: number): PrizesReport =>
  ({ throughRound, roundsLeft, provisional: roundsLeft > 0 }) as PrizesReport

const award = (winners: PrizeAward['winners'], shared: string | null = null): PrizeAward => ({
  number: 1,
  title: '1st place',
  value: '$200',
  shared,
  winners,
  passedOver: [],
  tiedBehind: [],
})

const ann = { id: 1, name: 'Alpha, Ann', detail: '2–0 +50' }
const cy = { id: 3, name: 'Charlie, Cy', detail: '2–0 +50' }

/* One wording for the Prizes screen, the projector, the printed page and `rackside prizes`. */
describe('the prize report in words (issue 20)', () => {
  test.each([
    [status(0, 3), 'No round is complete yet: no prize can be worked out.'],
    [status(2, 1), 'If the event ended now: after round 2, with 1 round still to play.'],
    [status(1, 3), 'If the event ended now: after round 1, with 3 rounds still to play.'],
    [status(4, 0), 'Final: after round 4, the last round.'],
  ])('status %#: %s', (report, words) => {
    expect(prizesStatus(report)).toBe(words)
  })

  test.each([
    ['nobody yet', award([]), 'nobody qualifies yet', '$200'],
    ['one winner', award([ann]), 'Alpha, Ann (2–0 +50)', '$200'],
    [
      'a shared prize',
      award([ann, cy], 'shared by 2: $100 each'),
      'Alpha, Ann (2–0 +50); Charlie, Cy (2–0 +50)',
      '$200 (shared by 2: $100 each)',
    ],
  ])('%s', (_, prize, winners, value) => {
    expect(winnersText(prize)).toBe(winners)
    expect(valueText(prize)).toBe(value)
  })

  test.each([
    ['nobody level', award([ann]), ''],
    [
      'Di won high game on the game spread over Ed (issue 19: said, not silent)',
      { ...award([ann]), tiedBehind: [{ id: 5, name: 'Echo, Ed', detail: 'Round 2: 410–420' }] },
      'tied with Echo, Ed (Round 2: 410–420): spread decided it',
    ],
  ])('tied behind, %s', (_, prize, words) => {
    expect(tiedBehindText(prize)).toBe(words)
  })

  test.each([
    [1, 1, '1st'],
    [1, 3, '1st–3rd'],
    [2, 12, '2nd–12th'],
  ])('finish %i to %i: %s', (best, worst, words) => {
    expect(finishText(best, worst)).toBe(words)
  })

  test('who can still reach a place', () => {
    const place: PlaceContenders = {
      title: '1st place',
      place: 1,
      players: [
        { id: 1, name: 'Alpha, Ann', best: 1, worst: 3 },
        { id: 2, name: 'Bravo, Bob', best: 1, worst: 1 },
      ],
    }
    expect(contendersText(place)).toBe('Alpha, Ann (1st–3rd), Bravo, Bob (1st)')
  })
})
