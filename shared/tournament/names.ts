/*
 * One way to read a name fragment typed at the desk (issue 20): the result line, typed pairings,
 * the do-not-pair list and the player search (check-in, Players, Standings) all find players
 * through this module, so one fragment picks the same player on every screen. tsh finds players
 * by a case-blind piece of the name; we also forgive what a keyboard at the desk cannot easily
 * type: accents, letters such as ß or Ø, and the curly apostrophe of a name pasted from a list.
 */

/**
 * Letters that Unicode does not decompose into a base letter and a mark, spelled as a desk
 * keyboard types them (as in German and Nordic name lists: Weiß → weiss, Ødegaard → odegaard).
 */
const SPELLED: Readonly<Record<string, string>> = {
  ß: 'ss',
  æ: 'ae',
  œ: 'oe',
  ø: 'o',
  đ: 'd',
  ð: 'd',
  ł: 'l',
  þ: 'th',
  ħ: 'h',
  ı: 'i',
  ŀ: 'l',
}
const SPELLED_LETTER = new RegExp(`[${Object.keys(SPELLED).join('')}]`, 'gu')

/** Every apostrophe a name list may hold (typewriter, curly, modifier letter, accents used as one). */
const APOSTROPHES = /['‘’‛ʼ`´]/gu
/** Every dash that joins a double name. */
const HYPHENS = /[-‐‑‒–—]/gu
/** What separates the words of a name, once folded. */
const SEPARATORS = /[\s,.;'-]+/u
/** Apostrophes and hyphens, which may also be left out when typing ("obrien"). */
const JOINERS = /['-]/gu

/**
 * A name or a fragment as the desk compares it: lower case, accents dropped (José → jose), the
 * letters above spelled out, every apostrophe `'` and every dash `-`. Equal folds are the same
 * name typed two ways (O’Brien and O'Brien), which is also how a second registration is spotted.
 */
export function foldName(text: string): string {
  return text
    .toLowerCase()
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .replace(SPELLED_LETTER, (letter) => SPELLED[letter] ?? letter)
    .replace(APOSTROPHES, "'")
    .replace(HYPHENS, '-')
}

/** The folded words, spaced (`o brien pat`) and with apostrophes and hyphens dropped (`obrien pat`). */
function forms(folded: string): readonly [string, string] {
  const spaced = folded.split(SEPARATORS).filter(Boolean).join(' ')
  const joined = folded.replace(JOINERS, '').split(SEPARATORS).filter(Boolean).join(' ')
  return [spaced, joined]
}

/** How closely a fragment matches: nowhere, inside a word, at the start of a word, whole words. */
export const NAME_CLOSENESS = ['none', 'inside', 'word-start', 'whole-word'] as const
export type NameCloseness = (typeof NAME_CLOSENESS)[number]
const LEVEL: Readonly<Record<NameCloseness, number>> = {
  none: 0,
  inside: 1,
  'word-start': 2,
  'whole-word': 3,
}

/** A player as far as finding one by name goes. */
export interface Named {
  readonly id: number
  readonly name: string
}

/** `#7` or `7`: the player number a token gives, else null. */
export function playerNumber(token: string): number | null {
  const found = /^#?(\d+)$/.exec(token.trim())
  return found === null ? null : Number(found[1])
}

/**
 * How closely `fragment` matches `player`, as a number 0–3 (NAME_CLOSENESS): a player number
 * (`#7`, `7`) matches that player as a whole word and nobody else; otherwise the folded fragment
 * is looked for among the folded words of the name, spaced at apostrophes and hyphens or with
 * them left out, so `brien`, `o'brien`, `o’brien` and `obrien` all find O’Brien as a whole word.
 */
export function nameLevel(fragment: string, player: Named): number {
  const number = playerNumber(fragment)
  if (number !== null) return number === player.id ? LEVEL['whole-word'] : LEVEL.none
  const [fragmentSpaced, fragmentJoined] = forms(foldName(fragment))
  if (fragmentSpaced === '') return LEVEL.none
  const [nameSpaced, nameJoined] = forms(foldName(player.name))
  return Math.max(
    levelIn(` ${nameSpaced} `, fragmentSpaced),
    levelIn(` ${nameJoined} `, fragmentJoined),
  )
}

/** `part` in a name padded with a space each side: whole words, a word's start, or inside. */
function levelIn(padded: string, part: string): number {
  if (part === '') return LEVEL.none
  if (padded.includes(` ${part} `)) return LEVEL['whole-word']
  if (padded.includes(` ${part}`)) return LEVEL['word-start']
  return padded.includes(part) ? LEVEL.inside : LEVEL.none
}

/**
 * The players `fragment` matches most closely, in the order given: one player, several (the
 * fragment is ambiguous: type more), or none. A closer match wins over a looser one, so `ann`
 * is Ann Lee and not Joanne, and `brien` is O’Brien and not Brienne.
 */
export function closestByName<T extends Named>(fragment: string, players: readonly T[]): T[] {
  let best = LEVEL.none
  let found: T[] = []
  for (const player of players) {
    const level = nameLevel(fragment, player)
    if (level > best) {
      best = level
      found = [player]
    } else if (level === best && level > LEVEL.none) found.push(player)
  }
  return found
}
