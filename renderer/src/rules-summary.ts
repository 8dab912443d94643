import type { RuleSet } from '../../shared/rules/rule-set'

export interface RuleRow {
  readonly label: string
  readonly value: string
}

const yesNo = (value: boolean): string => (value ? 'yes' : 'no')
const points = (n: number): string => `${n} points`

/** The tournament's rule values in words, one row per setting, for the Settings screen. */
export function describeRules(rules: RuleSet): readonly RuleRow[] {
  const { clock, lateArrival, starts, results, printed } = rules
  return [
    { label: 'Time per player', value: `${clock.minutesPerPlayer} minutes` },
    {
      label: 'Overtime penalty',
      value:
        clock.overtimePenaltyPerMinute === 0
          ? 'none'
          : `${points(clock.overtimePenaltyPerMinute)} per started minute`,
    },
    { label: 'Late arrival clock', value: lateArrival.method },
    {
      label: 'Late player may forfeit',
      value:
        lateArrival.mayForfeitUnderMinutes === null
          ? 'no'
          : `with under ${lateArrival.mayForfeitUnderMinutes} minutes left`,
    },
    { label: 'Lateness forfeit spread', value: points(lateArrival.forfeitSpread) },
    { label: 'Fewer firsts starts', value: yesNo(starts.fewerFirstsStarts) },
    { label: 'Equal firsts: more seconds starts', value: yesNo(starts.moreSecondsStarts) },
    {
      label: 'Otherwise',
      value: starts.whenEqual === 'draw-tiles' ? 'draw tiles' : 'the program draws',
    },
    { label: 'Bye spread', value: points(results.byeSpread) },
    { label: 'Forfeit spread', value: points(results.forfeitSpread) },
    { label: 'Byes and forfeits rated', value: yesNo(results.byeRated || results.forfeitRated) },
    { label: 'Walk-out', value: results.walkOut },
    { label: 'Director’s spread penalty', value: points(results.spreadPenalty) },
    {
      label: 'Warnings to disqualify',
      value:
        results.warningsToDisqualify === null
          ? 'not counted'
          : String(results.warningsToDisqualify),
    },
    {
      label: 'Challenge',
      value:
        printed.challenge === 'penalty-per-word'
          ? `${points(printed.challengePenalty)} per word`
          : printed.challenge,
    },
    { label: 'Hold time', value: `${printed.holdSeconds} seconds` },
    { label: 'Word authority', value: printed.wordAuthority },
    { label: 'End of game', value: printed.endOfGame },
  ]
}
