import { expect, openRegistrationDesk, test } from './fixtures'
import { LAGOS_OPEN, TWENTY_PLAYERS } from './data'

test('a director creates a tournament with a division and 20 players, reloads, and finds everything', async ({
  page,
  shell,
  tournaments,
  tournament,
  players,
}) => {
  await shell.start()
  await tournaments.create(LAGOS_OPEN)
  await expect(tournament.heading(LAGOS_OPEN.name)).toBeVisible()
  await tournament.addDivision('A')
  await tournament.addDivision('B')
  await expect(tournament.division('A')).toContainText('0 players')

  await shell.goTo('Players & check-in')
  for (const entry of TWENTY_PLAYERS) await players.register(entry)
  await expect(players.rows('A')).toHaveCount(20)

  await players.chooseDivision('B')
  await players.register({ name: 'Bravo, Bob', rating: '1500', memberId: 'NGA900', club: 'Ibadan' })
  await expect(players.rows('B')).toHaveCount(1)

  await shell.reload()
  await players.chooseDivision('A')
  await expect(players.rows('A')).toHaveCount(20)
  for (const [index, entry] of TWENTY_PLAYERS.entries()) {
    const row = players.rows('A').nth(index)
    await expect(row.getByRole('cell').nth(0)).toHaveText(String(index + 1))
    await expect(row.getByRole('cell').nth(1)).toHaveText(entry.name)
    await expect(row.getByRole('cell').nth(2)).toHaveText(entry.rating || 'unrated')
    await expect(row.getByRole('cell').nth(3)).toHaveText(entry.memberId ?? '')
    await expect(row.getByRole('cell').nth(4)).toHaveText(entry.club ?? '')
  }
  await players.chooseDivision('B')
  await expect(players.row('B', 'Bravo, Bob')).toBeVisible()

  await shell.goTo('Overview')
  await expect(tournament.fact('Venue')).toHaveText(LAGOS_OPEN.venue)
  await expect(tournament.fact('Rounds')).toHaveText('12')
  await expect(tournament.fact('Rules')).toHaveText(LAGOS_OPEN.rules)
  await expect(tournament.division('A')).toContainText('20 players')
  await expect(tournament.division('B')).toContainText('1 player')

  await shell.goTo('Tournaments')
  await expect(tournaments.row(LAGOS_OPEN.name)).toContainText(LAGOS_OPEN.venue)
  await expect(page).toHaveURL(/#\/$/)
})

test('the desk finds players by any part of the name or member id, and edits survive a reload', async ({
  shell,
  tournaments,
  tournament,
  players,
}) => {
  await openRegistrationDesk({ shell, tournaments, tournament })
  for (const entry of TWENTY_PLAYERS.slice(0, 12)) await players.register(entry)
  await players.register(TWENTY_PLAYERS[19]!)

  await players.search.fill('jose nan')
  await expect(players.rows('A')).toHaveCount(1)
  await expect(players.rows('A').first()).toContainText('Ñandú, José')
  await players.search.fill('NGA105')
  await expect(players.rows('A')).toHaveCount(1)
  await players.search.fill('wellington')
  await expect(players.rows('A')).toHaveCount(2)
  await players.search.fill('zzz')
  await expect(players.rows('A')).toHaveCount(0)
  await players.search.fill('')

  await players.edit(TWENTY_PLAYERS[1]!.name)
  await players.fill({ name: 'Victor, Godwin', rating: '1999', memberId: 'NGA101', club: 'Kano' })
  await players.save()
  await expect(players.row('A', 'Victor, Godwin')).toContainText('1999')

  await shell.reload()
  await expect(players.row('A', 'Victor, Godwin')).toContainText('Kano')
  await expect(players.rows('A').nth(1).getByRole('cell').first()).toHaveText('2')
  await expect(players.rows('A')).toHaveCount(13)
})
