import { describe, expect, test } from 'vitest'
import type { Command } from '../../shared/tournament/commands'
import { applyAll, create, played, register } from '../../shared/tournament/test-support/event'
import type { VenueDesk } from '../../shared/venue/protocol'
import { guardDatabaseRequest, guardPlayerProposal, type GuardAnswer } from './guard'

const desk: VenueDesk = { id: 'd1', name: 'Desk 1', role: 'desk' }
const projector: VenueDesk = { id: 'd2', name: 'Projector', role: 'projector' }
const deskScope = { readable: ['log-t-g1', 'decisions-t-g1'], outbox: 'outbox-d1' }
const projectorScope = { readable: ['log-t-g1', 'decisions-t-g1'], outbox: undefined }

describe('the database guard (issue 21: a desk writes only its outbox, a projector nothing)', () => {
  test.each<[string, string, string, GuardAnswer]>([
    ['desk reads the log', 'GET', '/log-t-g1/_changes', 'allow'],
    ['desk reads the log by POST _bulk_get', 'POST', '/log-t-g1/_bulk_get', 'allow'],
    ['desk cannot write the log', 'POST', '/log-t-g1/_bulk_docs', 'forbidden'],
    ['desk cannot put a log document', 'PUT', '/log-t-g1/chunk-000000', 'forbidden'],
    [
      'desk keeps its checkpoint on the log (never replicated)',
      'PUT',
      '/log-t-g1/_local/x',
      'allow',
    ],
    ['desk cannot delete a checkpoint of the log', 'DELETE', '/log-t-g1/_local/x', 'forbidden'],
    ['desk cannot put below a checkpoint', 'PUT', '/log-t-g1/_local/x/y', 'forbidden'],
    ['desk cannot delete the log', 'DELETE', '/log-t-g1', 'forbidden'],
    ['desk writes its outbox', 'POST', '/outbox-d1/_bulk_docs', 'allow'],
    ['desk writes its checkpoint', 'PUT', '/outbox-d1/_local/abc', 'allow'],
    ['desk puts a proposal', 'PUT', '/outbox-d1/p-1', 'allow'],
    ['desk cannot create its outbox again', 'PUT', '/outbox-d1', 'forbidden'],
    ['desk cannot delete its outbox', 'DELETE', '/outbox-d1', 'forbidden'],
    ['desk cannot put a design document (code)', 'PUT', '/outbox-d1/_design/x', 'forbidden'],
    ['desk cannot run a temporary view', 'POST', '/outbox-d1/_temp_view', 'forbidden'],
    ['desk cannot read another outbox', 'GET', '/outbox-d2/_changes', 'forbidden'],
    ['desk cannot write another outbox', 'POST', '/outbox-d2/_bulk_docs', 'forbidden'],
    ['desk cannot create a database', 'PUT', '/anything', 'forbidden'],
    ['desk cannot list databases', 'GET', '/_all_dbs', 'forbidden'],
    ['desk cannot replicate server-side', 'POST', '/_replicate', 'forbidden'],
    ['desk cannot open a session', 'POST', '/_session', 'forbidden'],
    ['desk cannot read the config', 'GET', '/_config', 'forbidden'],
    ['desk reads the server root', 'GET', '/', 'allow'],
    ['an encoded slash still names the database', 'GET', '/outbox-d2%2F', 'forbidden'],
  ])('%s: %s %s', (_what, method, path, answer) => {
    expect(guardDatabaseRequest(method, path, desk, deskScope)).toBe(answer)
  })

  test.each<[string, string, string, GuardAnswer]>([
    ['projector reads the log', 'GET', '/log-t-g1/_all_docs', 'allow'],
    ['projector reads decisions', 'POST', '/decisions-t-g1/_changes', 'allow'],
    ['projector writes nothing', 'POST', '/decisions-t-g1/_bulk_docs', 'forbidden'],
    ['projector keeps its checkpoint', 'PUT', '/log-t-g1/_local/x', 'allow'],
    ['projector has no outbox', 'POST', '/outbox-d2/_bulk_docs', 'forbidden'],
  ])('%s: %s %s', (_what, method, path, answer) => {
    expect(guardDatabaseRequest(method, path, projector, projectorScope)).toBe(answer)
  })

  test.each([
    ['GET', '/log-t-g1/_changes'],
    ['GET', '/'],
    ['POST', '/outbox-d1/_bulk_docs'],
  ])('no token, an unknown or a revoked one: unauthorized everywhere (%s %s)', (method, path) => {
    expect(guardDatabaseRequest(method, path, undefined, deskScope)).toBe('unauthorized')
  })
})

describe('a player’s phone proposes only his own check-in, today, where it is on (issue 30)', () => {
  const DAY = '2026-03-14'
  const state = applyAll([
    create(),
    { type: 'addDivision', name: 'A' },
    { type: 'addDivision', name: 'B' },
    register('Ann'),
    register('Bob'),
    register('Cy', 0, 'B'),
    {
      type: 'pairRound',
      division: 'A',
      round: 1,
      pairings: [{ kind: 'game', table: 1, players: [1, 2] }],
    },
    { type: 'setPhoneAccess', division: 'A', day: DAY, checkIn: true, results: true },
  ])
  const [ann, bob] = state.divisions[0]?.players ?? []
  const cy = state.divisions[1]?.players[0]
  if (ann === undefined || bob === undefined || cy === undefined) throw new Error('three players')
  const checkIn = (division: string, id: number, key: string, day = DAY): Command => ({
    type: 'checkIn',
    division,
    player: id,
    day,
    keys: [{ player: id, key }],
  })
  const self = { division: 'A', key: ann.key }

  test.each<[string, unknown, string | null]>([
    ['his own check-in today', checkIn('A', ann.id, ann.key), null],
    ['another player’s check-in', checkIn('A', bob.id, bob.key), 'authority.not-own-player'],
    ['his number, another’s key', checkIn('A', ann.id, bob.key), 'authority.not-own-player'],
    ['a player of another division', checkIn('B', cy.id, cy.key), 'authority.not-own-player'],
    [
      'his own check-in tomorrow',
      checkIn('A', ann.id, ann.key, '2026-03-15'),
      'authority.phone-off',
    ],
    [
      'a result of his own game (results go through the opponent’s confirmation)',
      {
        type: 'recordResult',
        division: 'A',
        round: 1,
        game: { table: 1 },
        result: played([1, 2], [412, 380]),
      },
      'authority.not-allowed',
    ],
    ['a pairing', { type: 'publishRound', division: 'A', round: 1 }, 'authority.not-allowed'],
    ['an undo', { type: 'undo', seq: 3 }, 'authority.not-allowed'],
    [
      'the phones’ own setting',
      { type: 'setPhoneAccess', division: 'A', day: DAY, checkIn: true, results: true },
      'authority.not-allowed',
    ],
    ['no command', { type: 'checkIn' }, 'venue.malformed'],
    ['not even an object', 'check me in', 'venue.malformed'],
  ])('%s: %s', (_what, sent, code) => {
    const guarded = guardPlayerProposal(self, sent, state, DAY)
    expect(guarded.ok ? null : guarded.error.code).toBe(code)
  })

  test('a division the director did not open to phones checks nobody in from them', () => {
    const guarded = guardPlayerProposal(
      { division: 'B', key: cy.key },
      checkIn('B', cy.id, cy.key),
      state,
      DAY,
    )
    expect(guarded.ok ? null : guarded.error.code).toBe('authority.phone-off')
  })
})
