import { expect, test } from './fixtures'
import { newEvent, pairRoundOne } from './support/two-divisions'

/*
 * Issue 32: a table kept for one player every round (a wheelchair user by the door). The director
 * sets it on the Players screen; pairing seats his game there and numbers the hall around it, and
 * the Rounds screen says whom the table is kept for.
 */
test('a kept table: set on Players, kept by pairing across the hall, named on Rounds', async ({
  page,
  shell,
  tournaments,
  tournament,
  players,
}) => {
  // Eight registrations and two pairings: slow on a busy machine.
  test.setTimeout(240_000)
  await newEvent({ shell, tournaments, tournament, players }, ['A', 'B'])
  await players.keepTable('Gyan, Esi', '1')
  await expect(page.getByRole('status', { name: 'Last action' })).toHaveText(
    'Table 1 kept for Gyan, Esi from the next pairing.',
  )
  await expect(
    page.getByRole('table', { name: 'Players in division B' }).getByRole('row', { name: /Gyan/ }),
  ).toContainText('table 1 kept')

  const rounds = await pairRoundOne(page, shell, ['A', 'B'])
  // B's Gyan sits at table 1; A goes round it (2–3) and B's other game follows A (4).
  const b = await rounds.games(1)
  const gyan = b.find((g) => g.players.includes('Gyan, Esi'))
  expect(gyan?.table).toBe('1 kept for #3')
  expect(b.map((g) => g.table.split(' ')[0]).sort()).toEqual(['1', '4'])
  await rounds.chooseDivision('A')
  expect((await rounds.games(1)).map((g) => g.table).sort()).toEqual(['2', '3'])
  await expect(rounds.tablesShared).toHaveCount(0)
})
