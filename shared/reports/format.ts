// Numbers and words as every page shows them: paper, the projector and the phones (issue 21).
import type { Seat } from './pairings'

/** Numbers as the printed pages show them; ASCII signs so every font and `pdftotext` agree. */

export function signed(n: number): string {
  return n > 0 ? `+${n}` : n < 0 ? `-${-n}` : '0'
}

/** Half wins as ½ (NSA VII.E: a tie is half a win and half a loss). */
export function halves(n: number): string {
  const whole = Math.floor(n)
  if (n === whole) return String(n)
  return whole === 0 ? '½' : `${whole}½`
}

export function dateRange(start: string, end: string): string {
  return start === end ? start : `${start} to ${end}`
}

/** A file name from free text: letters, digits and dashes only. */
export function slug(text: string): string {
  const cleaned = text
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
  return cleaned === '' ? 'tournament' : cleaned.slice(0, 60)
}

/** The starter's name is followed by `*`, as MSA prints starters on the pairings. */
export function seatName(seat: Seat): string {
  return seat.starts ? `${seat.name} *` : seat.name
}

/** A player's start on the alphabetical pairings, the same words on paper and the projector. */
export function startWord(start: 'first' | 'second' | 'draw'): string {
  switch (start) {
    case 'first':
      return 'First *'
    case 'second':
      return 'Second'
    case 'draw':
      return 'Draw'
  }
}

/** A standings name with why the player stopped: the projector and the phones say it alike. */
export function standingName(
  name: string,
  withdrawnFrom: number | null,
  disqualified: boolean,
): string {
  if (withdrawnFrom === null) return name
  const how = disqualified ? 'disqualified' : 'withdrawn'
  return `${name} (${how} from round ${withdrawnFrom})`
}
