import { describe, expect, test } from 'vitest'
import { tournamentFixture } from '../db/repository-contract'
import { headOf, summarizeLog } from '../db/summary'
import { createMemoryLink } from './memory-link'
import { announceLinkChanges, createVenueRepository } from './venue-repository'

const fixture = tournamentFixture('open-2026', 'Open', { players: 4 })
const event = { tournamentId: fixture.id, generation: 3 }

function setUp() {
  const link = createMemoryLink(fixture.log, { event })
  return { link, repository: createVenueRepository(link) }
}

const summary = () => {
  const made = summarizeLog(fixture.id, fixture.log, '2026-03-14T12:00:00.000Z')
  if (made === undefined) throw new Error('the fixture holds a tournament')
  return made
}

/** Lets the coalesced notice and its read run. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 5))

describe('a venue desk’s repository: the accepted log, read only (issues 21 and 27)', () => {
  test('the log, its generation and the list are the authority’s accepted log', async () => {
    const { repository } = setUp()
    expect(await repository.loadLog(fixture.id)).toEqual(fixture.log)
    expect(await repository.loadStored(fixture.id)).toEqual({
      log: fixture.log,
      generation: event.generation,
    })
    expect((await repository.readFrom(fixture.id, fixture.log.length - 2))?.log).toEqual(
      fixture.log.slice(-1),
    )
    expect(await repository.list()).toMatchObject([
      { id: fixture.id, commandCount: fixture.log.length },
    ])
  })

  test('files are opened on the director’s laptop: an import is refused and nothing changes', async () => {
    const { repository } = setUp()
    const imported = await repository.importLog(fixture.id, fixture.log, summary(), {
      replace: true,
    })
    expect(!imported.ok && imported.error.code).toBe('venue.import')
    expect(await repository.loadLog(fixture.id)).toEqual(fixture.log)
  })

  test('issue 27: nothing is appended here (commands are proposed through the channel)', async () => {
    const { link, repository } = setUp()
    const entry = {
      seq: fixture.log.length,
      at: '2026-03-14T12:00:00.000Z',
      command: fixture.log[1]!.command,
    }
    const appended = await repository.append(
      fixture.id,
      entry,
      summary(),
      headOf(fixture.log, event.generation),
    )
    expect(!appended.ok && appended.error.code).toBe('authority.read-only')
    expect(link.proposed).toEqual([])
  })

  test('another tournament is not here', async () => {
    const { repository } = setUp()
    expect(await repository.loadStored('another')).toBeUndefined()
    expect(await repository.readFrom('another', -1)).toBeUndefined()
  })
})

describe('link changes reach the window’s store (issue 21)', () => {
  test('once per burst, with the accepted length', async () => {
    const { link } = setUp()
    const seen: number[] = []
    const stop = announceLinkChanges(link, (change) => seen.push(change.commandCount))
    link.changed()
    link.changed()
    await settle()
    expect(seen).toEqual([fixture.log.length])
    stop()
    link.changed()
    await settle()
    expect(seen).toHaveLength(1)
  })

  test('issue 27: the length is counted on from the last one told, the log read whole once', async () => {
    const { link } = setUp()
    const seen: number[] = []
    announceLinkChanges(link, (change) => seen.push(change.commandCount))
    await settle()
    link.otherDesk({ type: 'addDivision', name: 'B' })
    await settle()
    link.otherDesk({ type: 'addDivision', name: 'C' })
    await settle()
    expect(seen).toEqual([fixture.log.length + 1, fixture.log.length + 2])
    expect(link.reads).toEqual([-1, fixture.log.length - 1, fixture.log.length])
  })
})
