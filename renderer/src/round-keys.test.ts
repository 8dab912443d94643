import { describe, expect, test } from 'vitest'
import { deskKey } from './keys'
import { ROUND_KEY_ACTIONS, ROUND_KEY_HINTS, roundKey, undoKey } from './round-keys'

/** A key event as the window sees it; `on` is the tag of the element that has the focus. */
function key(
  name: string,
  on: string | null = 'BODY',
  more: Partial<KeyboardEvent> = {},
): KeyboardEvent {
  const target = on === null ? null : { tagName: on, isContentEditable: false }
  return {
    key: name,
    target,
    ctrlKey: false,
    metaKey: false,
    altKey: false,
    shiftKey: false,
    repeat: false,
    defaultPrevented: false,
    ...more,
  } as unknown as KeyboardEvent
}

describe('issue 19: every step of a round by key on the Rounds screen, never from a text box', () => {
  test.each([
    { name: 'P pairs the next round', event: key('p'), action: 'pair' },
    { name: 'P with Caps Lock on still pairs', event: key('P'), action: 'pair' },
    {
      name: 'Shift+P publishes the round shown',
      event: key('P', 'BODY', { shiftKey: true }),
      action: 'publish',
    },
    { name: 'R prints the round shown', event: key('r'), action: 'print' },
    {
      name: 'Ctrl+Z undoes this desk’s last command',
      event: key('z', 'BODY', { ctrlKey: true }),
      action: 'undo',
    },
    {
      name: 'Cmd+Z on a Mac undoes too',
      event: key('z', 'BODY', { metaKey: true }),
      action: 'undo',
    },
    {
      name: 'Ctrl+Shift+Z redoes (the browser reports a capital Z)',
      event: key('Z', 'BODY', { ctrlKey: true, shiftKey: true }),
      action: 'redo',
    },
    { name: 'Ctrl+Y redoes', event: key('y', 'BODY', { ctrlKey: true }), action: 'redo' },
    {
      name: 'the pairings heading that has the focus after pairing is no text box',
      event: key('P', 'H2', { shiftKey: true }),
      action: 'publish',
    },
    { name: 'p typed in the swap box stays there', event: key('p', 'INPUT'), action: null },
    {
      name: 'Ctrl+Z in a text box is the box’s own undo of the typing',
      event: key('z', 'INPUT', { ctrlKey: true }),
      action: null,
    },
    { name: 'r in a select picks an option', event: key('r', 'SELECT'), action: null },
    {
      name: 'a key a screen already handled',
      event: key('p', 'DIV', { defaultPrevented: true }),
      action: null,
    },
    {
      name: 'a held P pairs once, not round after round',
      event: key('p', 'BODY', { repeat: true }),
      action: null,
    },
    { name: 'Ctrl+P is the browser’s', event: key('p', 'BODY', { ctrlKey: true }), action: null },
    { name: 'Alt+P is the system’s', event: key('p', 'BODY', { altKey: true }), action: null },
    { name: 'A pairs the next round of every division', event: key('a'), action: 'pairAll' },
    {
      name: 'Shift+A publishes every division’s round',
      event: key('A', 'BODY', { shiftKey: true }),
      action: 'publishAll',
    },
    {
      name: 'Shift+R prints the round of every division in one job',
      event: key('R', 'BODY', { shiftKey: true }),
      action: 'printAll',
    },
    { name: 'a typed in the swap box stays there', event: key('a', 'INPUT'), action: null },
    {
      name: 'Ctrl+A is the browser’s select all',
      event: key('a', 'BODY', { ctrlKey: true }),
      action: null,
    },
    {
      name: 'Ctrl+Shift+Y is nothing',
      event: key('Y', 'BODY', { ctrlKey: true, shiftKey: true }),
      action: null,
    },
    { name: 'Z alone is nothing', event: key('z'), action: null },
    { name: 'D stays the desk’s next division', event: key('d'), action: null },
    { name: '3 stays the desk’s Rounds screen', event: key('3'), action: null },
  ])('$name', ({ event, action }) => {
    expect(roundKey(event)).toBe(action)
  })

  test('no key of a round step is one of the navigation’s (1–9, D)', () => {
    const letters = ['p', 'P', 'r', 'R', 'a', 'A', 'z', 'y']
    for (const letter of letters) {
      for (const shiftKey of [false, true]) {
        const event = key(letter, 'BODY', { shiftKey })
        if (roundKey(event) !== null) expect(deskKey(event)).toBeNull()
      }
    }
  })

  test('every step has a hint, and each hint names a key that does the step', () => {
    const pressed: Record<string, KeyboardEvent> = {
      P: key('p'),
      'Shift+P': key('P', 'BODY', { shiftKey: true }),
      R: key('r'),
      A: key('a'),
      'Shift+A': key('A', 'BODY', { shiftKey: true }),
      'Shift+R': key('R', 'BODY', { shiftKey: true }),
      'Ctrl+Z': key('z', 'BODY', { ctrlKey: true }),
      'Ctrl+Shift+Z': key('Z', 'BODY', { ctrlKey: true, shiftKey: true }),
    }
    for (const action of ROUND_KEY_ACTIONS) {
      const event = pressed[ROUND_KEY_HINTS[action].hint]
      expect(event, ROUND_KEY_HINTS[action].hint).toBeDefined()
      if (event) expect(roundKey(event)).toBe(action)
    }
  })
})

/** A key pressed in a text box holding `value`. */
function inBox(name: string, value: string, more: Partial<KeyboardEvent> = {}): KeyboardEvent {
  return {
    ...key(name, 'INPUT', more),
    target: { tagName: 'INPUT', value },
  } as unknown as KeyboardEvent
}

describe('issue 28: Ctrl+Z on the Results screen undoes the last result', () => {
  test.each([
    { name: 'in the empty result line', event: inBox('z', '', { ctrlKey: true }), action: 'undo' },
    { name: 'outside any box', event: key('z', 'BODY', { ctrlKey: true }), action: 'undo' },
    { name: 'Cmd+Z on a Mac', event: inBox('z', '', { metaKey: true }), action: 'undo' },
    {
      name: 'Ctrl+Shift+Z redoes',
      event: inBox('Z', '', { ctrlKey: true, shiftKey: true }),
      action: 'redo',
    },
    { name: 'Ctrl+Y redoes', event: inBox('y', '', { ctrlKey: true }), action: 'redo' },
    {
      name: 'a line being typed keeps its own undo of the typing',
      event: inBox('z', '12 420', { ctrlKey: true }),
      action: null,
    },
    { name: 'Z alone is a letter', event: inBox('z', ''), action: null },
    {
      name: 'a held key undoes once',
      event: inBox('z', '', { ctrlKey: true, repeat: true }),
      action: null,
    },
    { name: 'a select keeps its keys', event: key('z', 'SELECT', { ctrlKey: true }), action: null },
  ])('$name', ({ event, action }) => {
    expect(undoKey(event)).toBe(action)
  })
})
