import { expect, test } from './fixtures'
import { LAGOS_OPEN } from './data'
import type { Page } from '@playwright/test'
import type { AppShell } from './pages/app-shell'
import { SettingsPage } from './pages/settings-page'
import type { TournamentsPage } from './pages/tournaments-page'

test('the director changes a rule of this tournament, and it is kept after a reload', async ({
  page,
  shell,
  tournaments,
}) => {
  const settings = new SettingsPage(page)
  await shell.start()
  await tournaments.create({ ...LAGOS_OPEN, rules: 'MSA tournament rules' })
  await shell.goTo('Settings')
  await expect(settings.field('A bye counts as a win by (points)')).toHaveValue('50')
  await expect(settings.field('Hold time (seconds, empty for none)')).toHaveValue('10')
  await expect(settings.field('Hold time (seconds, empty for none)')).toHaveAccessibleDescription(
    'MSA 12 i',
  )

  await settings.field('A bye counts as a win by (points)').fill('100')
  await settings
    .field('Cap on one game’s spread in the standings (points, empty for none)')
    .fill('350')
  await settings.save()
  await expect(settings.saved).toBeVisible()

  await shell.reload()
  await expect(settings.field('A bye counts as a win by (points)')).toHaveValue('100')
  await expect(
    settings.field('Cap on one game’s spread in the standings (points, empty for none)'),
  ).toHaveValue('350')
})

test('an impossible rule value is refused with the reason and nothing changes', async ({
  page,
  shell,
  tournaments,
}) => {
  const settings = new SettingsPage(page)
  await shell.start()
  await tournaments.create(LAGOS_OPEN)
  await shell.goTo('Settings')
  await settings.field('Time per player (minutes)').fill('0')
  await settings.save()
  await expect(settings.error).toHaveText('Time per player: 0 minutes is outside 1–180.')
  await expect(settings.field('Time per player (minutes)')).toHaveAttribute('aria-invalid', 'true')

  await shell.reload()
  await expect(settings.field('Time per player (minutes)')).toHaveValue('25')
})

test('a preset’s values can be loaded into the tournament’s rules', async ({
  page,
  shell,
  tournaments,
}) => {
  const settings = new SettingsPage(page)
  await shell.start()
  await tournaments.create(LAGOS_OPEN)
  await shell.goTo('Settings')
  await settings.startFrom('NEON competition rules')
  await expect(settings.field('Warnings that disqualify (warnings, empty for none)')).toHaveValue(
    '3',
  )
  // NEON, During 5: 25 minutes each including 5 of overtime; competition rule 17 ends the game
  // when the time is over. NEON states no penalty, so the preset's 0 is marked ours (issue 28).
  await expect(settings.field('Of that time, overtime')).toHaveValue('5')
  await expect(settings.field('Of that time, overtime')).toHaveAccessibleDescription(
    'NEON, During 5',
  )
  await expect(settings.field('Overtime penalty per minute or part of a minute')).toHaveValue('0')
  await expect(
    settings.field('Overtime penalty per minute or part of a minute'),
  ).toHaveAccessibleDescription('guess: not in the document')
  await expect(settings.field('Hold time (seconds, empty for none)')).toHaveValue('')
  await settings.save()
  await expect(settings.saved).toBeVisible()
  await shell.reload()
  await expect(settings.field('Lateness forfeit: opponent wins by (points)')).toHaveValue('100')
})

/** The Lagos Open created under `rules`, on its Settings screen. */
async function settingsUnder(
  { page, shell, tournaments }: { page: Page; shell: AppShell; tournaments: TournamentsPage },
  rules: string,
): Promise<SettingsPage> {
  await shell.start()
  await tournaments.create({ ...LAGOS_OPEN, rules })
  await shell.goTo('Settings')
  return new SettingsPage(page)
}

test('issue 32: an event under WESPA’s current rules shows which values are the document’s, and NASPA’s are all marked ours', async ({
  page,
  shell,
  tournaments,
}) => {
  const settings = await settingsUnder({ page, shell, tournaments }, 'WESPA rules')
  const guess = 'guess: not in the document'
  // WESPA 1.2 names the word source; wespa.org names CSW21 for version 5.2.
  await settings.expectRule(
    'Word authority',
    /CSW21/,
    'WESPA 1.2 (CSW21, as wespa.org names for version 5.2)',
  )
  // WESPA 2.3.4's threshold could not be read: the 15 minutes are ours, and marked so.
  await settings.expectRule('Late player may choose to forfeit with less than', '15', guess)

  await settings.startFrom('NASPA tournament rules')
  await settings.expectRule('Word authority', /NASPA Word List/, guess)
  await settings.expectRule('Time per player (minutes)', '25', guess)
  await settings.save()
  await expect(settings.saved).toBeVisible()
  await shell.reload()
  await expect(settings.field('Word authority')).toHaveValue(/NASPA Word List/)
})
