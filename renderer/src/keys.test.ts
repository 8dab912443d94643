import { describe, expect, test } from 'vitest'
import { deskKey, nextDivision } from './keys'

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
    defaultPrevented: false,
    ...more,
  } as unknown as KeyboardEvent
}

describe('issue 11: the desk’s keys, never taken from a text box', () => {
  test.each([
    {
      name: '1 is the Overview',
      event: key('1'),
      action: { kind: 'section', section: 'overview' },
    },
    { name: '3 is Rounds', event: key('3'), action: { kind: 'section', section: 'rounds' } },
    { name: '4 is Results', event: key('4'), action: { kind: 'section', section: 'results' } },
    { name: 'd is the next division', event: key('d'), action: { kind: 'division', step: 1 } },
    {
      name: 'Shift+D is the division before',
      event: key('D', 'BODY', { shiftKey: true }),
      action: { kind: 'division', step: -1 },
    },
    {
      name: 'a digit typed in the result line stays there',
      event: key('4', 'INPUT'),
      action: null,
    },
    { name: 'd typed in a search box stays there', event: key('d', 'INPUT'), action: null },
    { name: 'a digit in a select chooses an option', event: key('2', 'SELECT'), action: null },
    { name: 'a text area keeps its keys', event: key('d', 'TEXTAREA'), action: null },
    {
      name: 'a key a screen already handled (the starter prompt’s 1 and 2)',
      event: key('1', 'DIV', { defaultPrevented: true }),
      action: null,
    },
    { name: 'Ctrl+1 is the browser’s', event: key('1', 'BODY', { ctrlKey: true }), action: null },
    { name: '0 is nothing', event: key('0'), action: null },
    { name: 'another letter is nothing', event: key('x'), action: null },
  ])('$name', ({ event, action }) => {
    expect(deskKey(event)).toEqual(action)
  })
})

describe('the next division, round the list', () => {
  test.each([
    { names: ['A', 'B', 'C'], current: 'A', step: 1 as const, next: 'B' },
    { names: ['A', 'B', 'C'], current: 'C', step: 1 as const, next: 'A' },
    { names: ['A', 'B', 'C'], current: 'A', step: -1 as const, next: 'C' },
    { names: ['A', 'B'], current: null, step: 1 as const, next: 'A' },
    { names: ['A'], current: 'A', step: 1 as const, next: null },
    { names: [], current: null, step: 1 as const, next: null },
  ])('$names from $current by $step: $next', ({ names, current, step, next }) => {
    expect(nextDivision(names, current, step)).toBe(next)
  })
})
