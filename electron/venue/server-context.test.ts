import { describe, expect, test } from 'vitest'
import type { ServeEvent } from '../../shared/venue/protocol'
import { messageOf, Notifier } from './server-context'

describe('the server tells the director and the app, whatever its listeners do (issue 21)', () => {
  test('a listener that throws neither stops the others nor the authority', () => {
    const heard: string[] = []
    const notifier = new Notifier(() => {
      throw new Error('the terminal is gone')
    })
    notifier.listen(() => {
      throw new Error('a window closed')
    })
    const stop = notifier.listen(() => heard.push('second'))
    expect(() => notifier.emit({ event: 'ready', held: 3 })).not.toThrow()
    notifier.changed()
    stop()
    notifier.changed()
    expect(heard).toEqual(['second'])
  })

  test('events reach onEvent as they happen', () => {
    const events: ServeEvent[] = []
    new Notifier((e) => events.push(e)).emit({ event: 'ready', held: 3 })
    expect(events).toEqual([{ event: 'ready', held: 3 }])
  })

  test.each([
    [new Error('disk full'), 'disk full'],
    ['plain words', 'plain words'],
    [42, '42'],
  ])('the message of %j is %s', (thrown, message) => {
    expect(messageOf(thrown)).toBe(message)
  })
})
