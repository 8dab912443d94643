import type { GameResult } from '../../../shared/results/game-result'
import { signed } from '../../../shared/print/format'

export { signed }

/** Display only: how a recorded result reads in a list. */

const FORFEIT_WORDS = {
  'no-show': 'no-show',
  late: 'late arrival',
  'walk-out': 'walk-out',
  director: 'director',
} as const

export function resultWords(result: GameResult): string {
  switch (result.kind) {
    case 'played':
      return result.overtimeSeconds.some((s) => s > 0) ? '(overtime)' : ''
    case 'bye':
      return `bye (${signed(result.spread)})`
    case 'forfeit':
      return `forfeit, ${FORFEIT_WORDS[result.reason]} (${result.spread})`
    case 'doubleForfeit':
      return 'double forfeit'
    case 'unplayed':
      return 'not played'
  }
}
