/**
 * A tsh `.t` division file as read, before any interpretation (formats.md). Reading keeps every
 * field and tag so that writing it back gives the same data, including tags Rackside does not use.
 */
export interface TTag {
  readonly name: string
  /** The tag's values as written, split on white space (e.g. `p12 1 2 2` -> ['1', '2', '2']). */
  readonly values: readonly string[]
}

export interface TPlayerLine {
  /** The player's id: position among player lines, from 1. */
  readonly id: number
  /** Line number in the file (comments and blank lines counted), for messages. */
  readonly line: number
  readonly name: string
  /** The rating as written; `rating` is its integer value when it is one. */
  readonly ratingText: string
  readonly rating: number | null
  /** Opponent id per round; 0 = no opponent (bye, forfeit or unplayed, told apart by the score). */
  readonly opponents: readonly number[]
  /** This player's own score per round. */
  readonly scores: readonly number[]
  /** Every `; TAG v v …` field in file order. */
  readonly tags: readonly TTag[]
}

/** How the file was laid out, so writing an unchanged file back gives the same bytes. */
export interface TFileLayout {
  readonly lineEnding: '\n' | '\r\n' | '\r'
  /** The last line ended with a line ending (tsh itself leaves it off). */
  readonly finalNewline: boolean
}

export interface TDivisionFile {
  readonly players: readonly TPlayerLine[]
  /**
   * Comment lines and their positions, kept so a round trip does not lose a director's notes. `text`
   * is the whole line as written (with its `#`); a blank line is kept as an entry with `text: ''`.
   */
  readonly comments: readonly { readonly line: number; readonly text: string }[]
  /** Absent on a file built in memory: writing then uses `\n` and a final newline. */
  readonly layout?: TFileLayout
}
