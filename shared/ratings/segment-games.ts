/**
 * One segment's games as the rating code reads them, by player index (the order of the input):
 * `opponents[i]` lists the player's games against real opponents (by index), byes and forfeits left
 * out; `wins[i]` is the score of those games (a tie is half); `entries[i]` whether the player has any
 * round at all in the segment (a bye counts).
 */
export interface SegmentGames {
  readonly opponents: readonly (readonly number[])[]
  readonly wins: readonly number[]
  readonly entries: readonly boolean[]
}

/** A game by player index: `opponent` −1 for a bye or forfeit, never rated. */
export interface IndexedGame {
  readonly round: number
  readonly opponent: number
  readonly score: number
}

/** The games of rounds `first..last` of each player's round-sorted games. */
export function segmentGames(
  games: readonly (readonly IndexedGame[])[],
  first: number,
  last: number,
): SegmentGames {
  const opponents: number[][] = []
  const wins: number[] = []
  const entries: boolean[] = []
  for (const list of games) {
    const opps: number[] = []
    let w = 0
    let any = false
    for (const g of list) {
      if (g.round < first) continue
      if (g.round > last) break
      any = true
      if (g.opponent < 0) continue
      opps.push(g.opponent)
      w += g.score
    }
    opponents.push(opps)
    wins.push(w)
    entries.push(any)
  }
  return { opponents, wins, entries }
}
