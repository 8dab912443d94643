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

/**
 * Ctrl+Z undoes the desk's last command, Ctrl+Shift+Z or Ctrl+Y redoes it, on a screen whose
 * text box has the cursor nearly all the time (Results, issue 28: Ctrl+Z did nothing there).
 * Outside a text box, or in an empty one, where the box's own undo has no typing to take back;
 * in a box with text in it the key stays the box's.
 */
export function undoKey(event: KeyboardEvent): 'undo' | 'redo' | null {
  if (event.defaultPrevented || event.repeat === true || event.altKey) return null
  if (!event.ctrlKey && !event.metaKey) return null
  if (takesKeys(event.target) && !emptyTextBox(event.target)) return null
  const key = event.key.toLowerCase()
  if (key === 'z') return event.shiftKey ? 'redo' : 'undo'
  if (key === 'y' && !event.shiftKey) return 'redo'
  return null
}

function emptyTextBox(target: EventTarget | null): boolean {
  const box = target as Partial<Pick<HTMLInputElement, 'tagName' | 'value'>> | null
  return (box?.tagName === 'INPUT' || box?.tagName === 'TEXTAREA') && box.value === ''
}

/** Runs `undo` and `redo` for their keys (`undoKey`) while the screen is shown. */
export function useUndoKeys(steps: Readonly<Record<'undo' | 'redo', () => unknown>>): void {
  function onKey(event: KeyboardEvent): void {
    const action = undoKey(event)
    if (action === null) return
    event.preventDefault()
    steps[action]()
  }
  onMounted(() => window.addEventListener('keydown', onKey))
  onBeforeUnmount(() => window.removeEventListener('keydown', onKey))
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
