import { expect, openRegistrationDesk, test } from './fixtures'
import { SharePage } from './pages/share-page'
import { installDesktopStandIn, listPlayers, standInCalls } from './support/desktop-stand-in'

/*
 * Issue 30, "The poster, scorecards and name tags carry the codes": the director prints a
 * division's scorecards and name tags from the Venue network screen, each player's code on his
 * own, typed and as the QR code of his page; a reprint after a reissue carries the new code and a
 * revoked one is on no card. Electron's binary cannot run here, so main is the desktop stand-in,
 * which lists the codes as the authority does and keeps what went to the printer.
 */

const code = (player: number, name: string, typed: string | null, issue = 1) => ({
  division: 'A',
  player,
  name,
  code: typed,
  issue,
})

/** The documents sent to the printer so far: `[title, html]`. */
async function printed(page: Parameters<typeof standInCalls>[0]): Promise<[string, string][]> {
  return (await standInCalls(page)).flatMap(([name, request]) => {
    if (name !== 'print') return []
    const { title, html } = request as { title: string; html: string }
    return [[title, html]]
  })
}

test('the director prints scorecards and name tags with the codes, and reprints after a reissue', async ({
  page,
  shell,
  tournaments,
  tournament,
  players,
}) => {
  // A tournament made, two players registered, shared and three prints: past 90 s on a busy machine.
  test.setTimeout(180_000)
  await installDesktopStandIn(page)
  await openRegistrationDesk({ shell, tournaments, tournament })
  await players.register({ name: 'Etim, Nsikak', rating: '1492' })
  await players.register({ name: 'Karo, Eta', rating: '1739' })
  await expect(players.rows('A')).toHaveCount(2)

  await shell.nav.getByRole('link', { name: 'Venue network' }).click()
  const share = new SharePage(page)
  await share.shareButton.click()
  await expect(share.panel).toContainText('Port 8421')
  await listPlayers(page, [code(1, 'Etim, Nsikak', 'ACDEFGHJ'), code(2, 'Karo, Eta', 'KMNPQRTU')])

  const cards = page.getByRole('group', {
    name: "Scorecards and name tags with each player's code",
  })
  await expect(cards.getByLabel('Division')).toHaveValue('A')
  await cards.getByRole('button', { name: 'Print scorecards with codes' }).click()
  const said = page.getByRole('status').filter({ hasText: 'Sent to the printer' })
  await expect(said).toHaveText(
    'Sent to the printer: Scorecards: Lagos Open 2026, division A round 1.',
  )
  const [first] = await printed(page)
  expect(first?.[0]).toBe('Scorecards: Lagos Open 2026, division A round 1')
  expect(first?.[1]).toContain('<div class="typed">ACDE-FGHJ</div>')
  expect(first?.[1]).toContain('<div class="typed">KMNP-QRTU</div>')
  expect(first?.[1]).toMatch(
    /<section\s+class="card[^"]*"\s+aria-label="Scorecard of Etim, Nsikak"/,
  )
  expect(first?.[1]).toContain('<svg')

  // Karo's code is reissued, Etim's revoked: the reprint has the new one and no old one.
  await listPlayers(page, [code(1, 'Etim, Nsikak', null), code(2, 'Karo, Eta', 'WXYZ2345', 2)])
  await expect(page.getByRole('cell', { name: 'WXYZ-2345' })).toBeVisible()
  await cards.getByRole('button', { name: 'Print scorecards with codes' }).click()
  await expect.poll(async () => (await printed(page)).length).toBe(2)
  const reprint = (await printed(page))[1]?.[1] ?? ''
  expect([...reprint.matchAll(/<div class="typed">([^<]*)<\/div>/g)].map((m) => m[1])).toEqual([
    'WXYZ-2345',
  ])

  await cards.getByRole('button', { name: 'Print name tags with codes' }).click()
  await expect(said).toHaveText('Sent to the printer: Name tags: Lagos Open 2026, division A.')
  await expect.poll(async () => (await printed(page)).length).toBe(3)
  const [title, tags] = (await printed(page))[2] ?? ['', '']
  expect(title).toBe('Name tags: Lagos Open 2026, division A')
  expect(tags.match(/class="tag"/g)).toHaveLength(2)
  expect(tags).toContain('<div class="number">Division A · No. 2</div>')
  expect(tags).toContain('<div class="typed">WXYZ-2345</div>')
})
