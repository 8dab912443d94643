import { TOURNAMENT_SECTIONS, type TournamentSection } from './router'

/** What a key pressed at the desk asks for. */
export type DeskKey =
  | { readonly kind: 'section'; readonly section: TournamentSection }
  | { readonly kind: 'division'; readonly step: 1 | -1 }

/** A text box, list or button that takes keys itself: its keys are never the desk's. */
export function takesKeys(target: EventTarget | null): boolean {
  const element = target as Partial<Pick<HTMLElement, 'tagName' | 'isContentEditable'>> | null
  if (element === null || typeof element.tagName !== 'string') return false
  if (element.isContentEditable === true) return true
  return ['INPUT', 'TEXTAREA', 'SELECT'].includes(element.tagName)
}

/**
 * The desk's keys, only outside text boxes so typing a result or a name never switches screens:
 * 1–9 the screens in the navigation's order, D the next division, Shift+D the previous one.
 */
export function deskKey(event: KeyboardEvent): DeskKey | null {
  if (event.ctrlKey || event.metaKey || event.altKey || event.defaultPrevented) return null
  if (takesKeys(event.target)) return null
  if (/^[1-9]$/.test(event.key)) {
    const section = TOURNAMENT_SECTIONS[Number(event.key) - 1]
    return section ? { kind: 'section', section: section.name } : null
  }
  if (event.key === 'd' || event.key === 'D') {
    return { kind: 'division', step: event.shiftKey ? -1 : 1 }
  }
  return null
}

/** The division after (or before) `current`, round the list; null with fewer than two. */
export function nextDivision(
  names: readonly string[],
  current: string | null,
  step: 1 | -1,
): string | null {
  if (names.length < 2) return null
  const at = current === null ? -1 : names.indexOf(current)
  const next = (at + step + names.length) % names.length
  return names[next] ?? null
}
