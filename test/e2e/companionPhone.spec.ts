/**
 * The phone page as a phone uses it, in Chromium at 390×844 against the companion serving the built page: pairing from
 * the QR code's URL (the secret leaves the address bar) or the typed code, Home and a detail, Show on TV, a favorite,
 * the remote pad, what the TV shows and sends, a TV that goes away and comes back, and a phone the TV forgot. Each
 * state is checked by axe-core (WCAG 2.0, 2.1, 2.2 A and AA) in English, Traditional Chinese and Japanese; screenshots
 * go to test-results/screenshots/ (and a few to docs/screenshots/ with TUNEWALL_E2E_DOCS=1).
 */
import { copyFileSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { axeViolations } from './a11y';
import { REPO } from './kiosk';
import { startPhoneCompanion, type PhoneCompanion } from './phoneCompanion';

const OUT = join(REPO, 'test-results/screenshots');
const DOCS = join(REPO, 'docs/screenshots');
/** The ones docs/ keeps: each section once, in each language at least once. */
const IN_DOCS = new Set(['home-en', 'home-zh-Hant', 'detail-ja', 'remote-zh-Hant', 'sent-en', 'pair-wrong-en', 'pair-ja', 'retrying-en']);

let tv: PhoneCompanion;
test.beforeEach(async () => {
  tv = await startPhoneCompanion();
});
test.afterEach(async () => {
  await tv.stop();
});

async function phone(browser: Browser, locale: string): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, locale });
  return context.newPage();
}

async function check(page: Page, name: string): Promise<void> {
  expect(await axeViolations(page), name).toEqual([]);
  const file = `phone-${name}.png`;
  await page.screenshot({ path: join(OUT, file) });
  if (process.env['TUNEWALL_E2E_DOCS'] === '1' && IN_DOCS.has(name)) {
    mkdirSync(DOCS, { recursive: true });
    copyFileSync(join(OUT, file), join(DOCS, file));
  }
}

/** Tiles on screen without their picture drawn yet (those further away are not asked for yet). */
const UNDRAWN_IN_VIEW = `Array.from(document.querySelectorAll('.tile .art')).filter((art) => {
  const r = art.getBoundingClientRect();
  const img = art.querySelector('img');
  return r.bottom > 0 && r.right > 0 && r.top < window.innerHeight && r.left < window.innerWidth && !(img && img.complete && img.naturalWidth > 0);
}).length`;

async function picturesDrawn(page: Page): Promise<void> {
  await expect.poll(() => page.evaluate(UNDRAWN_IN_VIEW)).toBe(0);
}

/** Opens the QR code's URL, as a phone's camera does. */
async function pairByQr(page: Page): Promise<void> {
  const offer = tv.companion.pairingOffer();
  if (!offer.ok) throw new Error(offer.error.message);
  await page.goto(offer.value.url);
}

test('paired from the QR code: the secret leaves the address bar; Home, a detail, Show on TV and a favorite reach the TV', async ({ browser }) => {
  const page = await phone(browser, 'en-US');
  const errors: string[] = [];
  page.on('console', (message) => void (message.type() === 'error' && errors.push(message.text())));
  await pairByQr(page);
  await expect(page.getByRole('heading', { name: 'Charts', level: 2 })).toBeVisible();
  expect(page.url()).toBe(`${tv.origin}/`);
  expect(tv.companion.phones()).toHaveLength(1);
  await expect(page.getByRole('button', { name: /綜合新歌即時榜/ })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  // A tile's picture, fetched from the TV with the phone's credential, in the smallest of the service's sizes that covers it.
  const art = page.getByRole('button', { name: /綜合新歌即時榜/ }).locator('img');
  await expect(art).toHaveAttribute('src', /^blob:/);
  await expect.poll(() => art.evaluate((img) => ('naturalWidth' in img ? Number(img.naturalWidth) : 0))).toBeGreaterThan(0);
  expect(tv.pictures).toContain('https://pictures.tunewall.test/artwork/playlist/c1/300x300.jpg');
  expect(tv.pictures.filter((url) => !url.endsWith('/300x300.jpg') && !url.endsWith('/160x160.jpg'))).toEqual([]);
  await picturesDrawn(page);
  await check(page, 'home-en');
  // What a screen reader walks: each row a region named by its heading, its tiles a list of buttons.
  await expect(page.getByRole('main')).toMatchAriaSnapshot(`
    - region "Charts":
      - heading "Charts" [level=2]
      - list:
        - listitem:
          - button /綜合新歌即時榜/
  `);

  await page.getByRole('button', { name: /綜合新歌即時榜/ }).click();
  await expect(page.getByRole('heading', { name: '綜合新歌即時榜', level: 2 })).toBeFocused();
  await check(page, 'detail-en');
  // A detail: its title, Show on TV, then its tracks as a numbered list, each with its actions.
  await expect(page.getByRole('main')).toMatchAriaSnapshot(`
    - heading "綜合新歌即時榜" [level=2]
    - button "Show on TV"
    - region /Tracks/:
      - heading /Tracks/ [level=3]
      - list:
        - listitem:
          - text: /晴天/
          - button "Show on TV"
          - button "Add to favorites"
  `);
  await page.getByRole('button', { name: 'Show on TV' }).first().click();
  await expect.poll(() => tv.shown).toEqual([{ kind: 'detail', ref: { kind: 'chart', id: 'c1' } }]);
  await expect(page.getByRole('status').filter({ hasText: 'Shown on the TV.' })).toBeVisible();
  const lemon = page.getByRole('listitem').filter({ hasText: 'Lemon' });
  await lemon.getByRole('button', { name: 'Show on TV' }).click();
  await expect.poll(() => tv.shown.at(-1)).toEqual({ kind: 'track', trackId: 't2', in: { kind: 'chart', id: 'c1' } });
  await lemon.getByRole('button', { name: 'Add to favorites' }).click();
  await expect.poll(() => tv.favorites).toEqual(['t2']);
  await page.getByRole('button', { name: 'Show more' }).click();
  await expect(page.getByText('夜に駆ける')).toBeVisible();
  await expect(page.getByText('夜に駆ける')).toHaveAttribute('lang', 'ja');
  await page.getByRole('button', { name: 'Back' }).click();
  await expect(page.getByRole('heading', { name: 'Charts', level: 2 })).toBeVisible();
  await expect(page.getByRole('button', { name: /綜合新歌即時榜/ })).toBeFocused();
  expect(errors).toEqual([]);
});

test('the remote pad sends the remote’s keys; what the TV shows and sends arrives live', async ({ browser }) => {
  const page = await phone(browser, 'en-US');
  await pairByQr(page);
  await page.getByRole('button', { name: 'Remote' }).click();
  await page.getByRole('button', { name: 'Up' }).click();
  await page.getByRole('button', { name: 'OK' }).click();
  await page.getByRole('button', { name: 'Where am I' }).click();
  await expect.poll(() => tv.keys).toEqual(['up', 'ok', 'where-am-i']);
  for (const name of ['Up', 'Down', 'Left', 'Right', 'OK', 'Back', 'Where am I']) {
    const box = await page.getByRole('button', { name, exact: true }).last().boundingBox();
    expect(Math.min(box?.width ?? 0, box?.height ?? 0), name).toBeGreaterThanOrEqual(48);
  }
  await expect(page.getByText('Connected to the TV')).toBeVisible();
  tv.companion.screenChanged({ kind: 'detail', ref: { kind: 'chart', id: 'c1' }, title: '綜合新歌即時榜', scope: 'public' });
  await expect(page.locator('.now-on-tv')).toContainText('綜合新歌即時榜');
  await check(page, 'remote-en');
  tv.companion.sendToPhones('member-a', { kind: 'track', title: '晴天', subtitle: '周杰倫', url: 'https://music.example/track/t1', trackId: 't1', images: [] });
  await page.getByRole('button', { name: /^Sent/ }).click();
  const link = page.getByRole('link', { name: /晴天/ });
  await expect(link).toHaveAttribute('href', 'https://music.example/track/t1');
  await expect(link).toHaveAttribute('target', '_blank');
  await expect(link).toHaveAttribute('rel', /noopener/);
  await check(page, 'sent-en');
});

test('a TV that goes away: “Can’t reach the TV. Retrying…”, then connected again with what was missed', async ({ browser }) => {
  const page = await phone(browser, 'en-US');
  await pairByQr(page);
  await expect(page.getByText('Connected to the TV')).toBeVisible();
  const { port } = tv;
  await tv.stop();
  await expect(page.getByRole('status').filter({ hasText: 'Can’t reach the TV. Retrying…' })).toBeVisible();
  await check(page, 'retrying-en');
  await tv.companion.start({ host: '127.0.0.1', port });
  tv.companion.screenChanged({ kind: 'home', scope: 'public' });
  await expect(page.getByText('Connected to the TV')).toBeVisible({ timeout: 40_000 });
  await expect(page.locator('.now-on-tv')).toContainText('Home');
});

test('pairing by the typed code, with a wrong code said in words; a phone the TV forgot is told to pair again', async ({ browser }) => {
  const page = await phone(browser, 'en-US');
  await page.goto(`${tv.origin}/`);
  const code = page.getByLabel('Six-digit code from the TV');
  await expect(code).toBeFocused();
  const offer = tv.companion.pairingOffer();
  if (!offer.ok) throw new Error(offer.error.message);
  const wrong = offer.value.code === '000000' ? '111111' : '000000';
  await code.fill(wrong);
  await page.getByRole('button', { name: 'Connect' }).click();
  await expect(page.getByRole('alert')).toHaveText('That is not the code on the TV. Check the six digits and try again.');
  await check(page, 'pair-wrong-en');
  await code.fill(offer.value.code);
  await page.getByRole('button', { name: 'Connect' }).click();
  await expect(page.getByRole('heading', { name: 'Charts', level: 2 })).toBeVisible();

  const [paired] = tv.companion.phones();
  tv.companion.removePhone(paired?.id ?? '');
  await expect(page.getByRole('alert')).toHaveText('This phone is no longer connected to the TV; pair it again from the TV’s “Use your phone”.');
  // The credential is gone; only the mark stays that makes a reload say why, until the phone pairs again.
  expect(await page.evaluate('Object.keys(localStorage)')).toEqual(['tunewall.companion.dropped']);
  await page.reload();
  await expect(page.getByRole('alert')).toHaveText('This phone is no longer connected to the TV; pair it again from the TV’s “Use your phone”.');
});

for (const { locale, name, charts, remote } of [
  { locale: 'zh-TW', name: 'zh-Hant', charts: '排行榜', remote: '遙控器' },
  { locale: 'ja-JP', name: 'ja', charts: 'チャート', remote: 'リモコン' },
]) {
  test(`in ${name}: pairing, Home, a detail and the remote pad, in the phone’s language`, async ({ browser }) => {
    const page = await phone(browser, locale);
    await page.goto(`${tv.origin}/`);
    await expect(page.locator('html')).toHaveAttribute('lang', name);
    await check(page, `pair-${name}`);
    await pairByQr(page);
    await expect(page.getByRole('heading', { name: charts, level: 2 })).toBeVisible();
    await picturesDrawn(page);
    await check(page, `home-${name}`);
    await page.getByRole('button', { name: /綜合新歌即時榜/ }).click();
    await expect(page.getByRole('heading', { name: '綜合新歌即時榜', level: 2 })).toBeVisible();
    await check(page, `detail-${name}`);
    await page.getByRole('button', { name: remote }).click();
    await check(page, `remote-${name}`);
  });
}
