import { describe, expect, test } from 'vitest'
import { headOfLog } from '../../shared/authority/proposal'
import { proposalOf, readOutboxDoc } from './outboxes'
import { EVENT_LOG, proposal, resultAt } from './test-support/venue-event'

const good = proposal('p0', 0, resultAt(1))

describe('reading a desk\'s outbox (issue 21: "a document that is not a proposal is refused as venue.malformed")', () => {
  test("a proposal is read as one, and proposed as the outbox owner's, never as the document says", () => {
    expect(readOutboxDoc('p0', { ...good, desk: 'someone-else' })).toMatchObject({
      kind: 'proposal',
      id: 'p0',
    })
    expect(proposalOf({ id: 'd2-abcdef', role: 'desk' }, good)).toEqual({
      proposalId: 'p0',
      desk: { id: 'd2-abcdef', role: 'desk' },
      builtOn: headOfLog(EVENT_LOG),
      command: resultAt(1),
    })
  })

  test.each<[string, Record<string, unknown>, string, number | undefined]>([
    ['another type', { ...good, type: 'note' }, 'its type is not "proposal"', 0],
    ['no order', { ...good, order: undefined }, '"order" is not a whole number from 0', undefined],
    ['a negative order', { ...good, order: -1 }, '"order" is not a whole number from 0', undefined],
    ['no head', { ...good, builtOn: { length: 'x' } }, '"builtOn" is not { length, last }', 0],
    ['no command', { ...good, command: null }, '"command" has no type', 0],
  ])('%s: unreadable, naming why, keeping its order', (_, doc, why, order) => {
    const read = readOutboxDoc('p0', doc)
    expect(read).toMatchObject({ kind: 'unreadable', id: 'p0', order })
    expect(read.kind === 'unreadable' && read.error.code).toBe('venue.malformed')
    expect(read.kind === 'unreadable' && read.error.message).toContain(why)
  })
})
