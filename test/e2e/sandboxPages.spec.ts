/** The sandbox's sign-in page on a phone: nothing runs past its card, so the demo accounts read without scrolling sideways. */
import { startSandbox, type RunningSandbox } from '../../sandbox/index';
import { expect, test } from './kiosk';

let service: RunningSandbox;

test.beforeAll(async () => {
  service = await startSandbox();
});
test.afterAll(async () => {
  await service.close();
});

test('the demo members table stays inside its card on a 390 px wide phone', async ({ browser }) => {
  const phone = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  try {
    const page = await phone.newPage();
    await page.goto(`${service.urls.auth}/oauth2/login`);
    const card = page.locator('.card', { has: page.getByRole('heading', { name: 'Demo members' }) });
    const table = card.locator('table');
    await expect(table).toContainText('hanako');
    // The card's content box: where its full-width buttons are.
    const content = await card.getByRole('button').first().boundingBox();
    const cardBox = await card.boundingBox();
    if (content === null || cardBox === null) throw new Error('The demo members are not on the page.');
    expect(cardBox.x + cardBox.width).toBeLessThanOrEqual(390);
    for (const cell of [table, ...(await table.locator('td, th').all())]) {
      const box = await cell.boundingBox();
      if (box === null) continue;
      expect(box.x, await cell.innerText()).toBeGreaterThanOrEqual(content.x - 0.5);
      expect(box.x + box.width, await cell.innerText()).toBeLessThanOrEqual(content.x + content.width + 0.5);
    }
    await page.screenshot({ path: 'test-results/screenshots/sandbox-login-390.png', fullPage: true });
  } finally {
    await phone.close();
  }
});
