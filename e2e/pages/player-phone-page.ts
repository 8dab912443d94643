import { expect, type Locator, type Page } from '@playwright/test'

/** A player's own page on his phone (issue 30), opened by his code at the authority. */
export class PlayerPhonePage {
  readonly name: Locator
  readonly thisRound: Locator
  readonly standing: Locator
  readonly games: Locator
  readonly status: Locator
  readonly codeBox: Locator
  readonly refusal: Locator
  /** Issue 30: the big button shown when the director lets the division check in from phones. */
  readonly checkInButton: Locator
  readonly checkedIn: Locator
  /** Issue 30: the result part (his game's table), its fields and buttons. */
  readonly result: Locator
  readonly myScore: Locator
  readonly theirScore: Locator
  readonly checkResult: Locator
  readonly send: Locator
  readonly confirm: Locator

  constructor(readonly page: Page) {
    this.name = page.getByRole('heading', { level: 1 })
    this.thisRound = page.getByRole('region', { name: /^Round \d+$|^This round$/ })
    this.standing = page.getByRole('region', { name: 'Standing' })
    this.games = page.getByRole('region', { name: 'Games' })
    this.status = page.getByRole('status')
    this.codeBox = page.getByLabel('Your code (on your scorecard)')
    this.refusal = page.getByRole('alert')
    this.checkInButton = page.getByRole('button', { name: 'Check in', exact: true })
    this.checkedIn = page.getByText(/^Checked in/)
    this.result = page.getByRole('region', { name: /^Your result, table \d+$/ })
    this.myScore = page.getByLabel('Your score')
    this.theirScore = page.getByLabel(/’s score$/)
    this.checkResult = page.getByRole('button', { name: 'Check the result' })
    this.send = page.getByRole('button', { name: 'Send', exact: true })
    this.confirm = page.getByRole('button', { name: 'Confirm', exact: true })
  }

  /** Opens the page as the QR code on the scorecard does: the code in the address. */
  async open(authorityUrl: string, code: string): Promise<void> {
    await this.page.goto(`${authorityUrl}/me/${code}`)
    await expect(this.name).toBeVisible()
  }

  /**
   * Issue 30: types both scores and who started (`I` or the opponent's name), and has them read
   * back: nothing is sent until Send.
   */
  async enterResult(mine: number, theirs: number, starter: string): Promise<void> {
    await this.myScore.fill(String(mine))
    await this.theirScore.fill(String(theirs))
    await this.page.getByRole('radio', { name: `${starter} started`, exact: true }).check()
    await this.checkResult.click()
  }

  /** How far the page scrolls sideways (0: it fits the phone's width). */
  sideways(): Promise<number> {
    return this.page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    )
  }

  /** Types a code into the form at /me, as a player without a camera does. */
  async typeCode(authorityUrl: string, code: string): Promise<void> {
    if (!this.page.url().startsWith(`${authorityUrl}/me`)) {
      await this.page.goto(`${authorityUrl}/me`)
    }
    await this.codeBox.fill(code)
    await this.page.getByRole('button', { name: 'Open my page' }).click()
  }
}
