import { onBeforeUnmount, onMounted } from 'vue'
import { takesKeys } from './keys'

/** The steps of a round the Rounds screen does by key (issue 19). */
export const ROUND_KEY_ACTIONS = [
  'pair',
  'publish',
  'print',
  'pairAll',
  'publishAll',
  'printAll',
  'undo',
  'redo',
] as const
export type RoundKeyAction = (typeof ROUND_KEY_ACTIONS)[number]

/**
 * What each step's key is called on screen (the hint beside its button) and for assistive
 * technology (`aria-keyshortcuts`). One table, so a hint can never name a key the map ignores.
 */
export const ROUND_KEY_HINTS: Readonly<
  Record<RoundKeyAction, { readonly hint: string; readonly aria: string }>
> = {
  pair: { hint: 'P', aria: 'P' },
  publish: { hint: 'Shift+P', aria: 'Shift+P' },
  print: { hint: 'R', aria: 'R' },
  pairAll: { hint: 'A', aria: 'A' },
  publishAll: { hint: 'Shift+A', aria: 'Shift+A' },
  printAll: { hint: 'Shift+R', aria: 'Shift+R' },
  undo: { hint: 'Ctrl+Z', aria: 'Control+Z' },
  redo: { hint: 'Ctrl+Shift+Z', aria: 'Control+Shift+Z Control+Y' },
}

/**
 * The Rounds screen's keys, only outside text boxes: there Ctrl+Z is the box's own undo of the
 * typing, and P or R are letters of a name. P pairs the next round, Shift+P publishes the round
 * shown, R prints it; A, Shift+A and Shift+R do the same for every division of the hall at once
 * (one round of three divisions in the result lines plus 10 keys); Ctrl+Z undoes this desk's last
 * command, Ctrl+Shift+Z or Ctrl+Y redoes it (Cmd on a Mac). A held key repeats nothing: one
 * press, one step.
 */
export function roundKey(event: KeyboardEvent): RoundKeyAction | null {
  if (event.defaultPrevented || event.repeat === true || event.altKey) return null
  if (takesKeys(event.target)) return null
  const key = event.key.toLowerCase()
  if (event.ctrlKey || event.metaKey) {
    if (key === 'z') return event.shiftKey ? 'redo' : 'undo'
    if (key === 'y' && !event.shiftKey) return 'redo'
    return null
  }
  if (key === 'p') return event.shiftKey ? 'publish' : 'pair'
  if (key === 'r') return event.shiftKey ? 'printAll' : 'print'
  if (key === 'a') return event.shiftKey ? 'publishAll' : 'pairAll'
  return null
}

/** Runs the screen's step for each key while the screen is shown. */
export function useRoundKeys(steps: Readonly<Record<RoundKeyAction, () => unknown>>): void {
  function onKey(event: KeyboardEvent): void {
    const action = roundKey(event)
    if (action === null) return
    event.preventDefault()
    steps[action]()
  }
  onMounted(() => window.addEventListener('keydown', onKey))
  onBeforeUnmount(() => window.removeEventListener('keydown', onKey))
}
