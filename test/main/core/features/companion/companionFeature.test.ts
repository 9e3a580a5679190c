/**
 * The companion as createAppCore wires it: the configuration decides when the port opens, the TV's calls answer offers
 * with a QR code drawn locally, a child needs the PIN before anything opens, a member's phones go when they sign out,
 * and a phone's Show on TV and remote keys reach the renderer as events.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { GUEST_KEY, type BridgeEvent, type CompanionOfferView, type FavoriteState, type Result } from '../../../../../shared/bridge';
import type { PairAnswer, SentItem } from '../../../../../shared/companion';
import { createCompanionFeature, type CompanionFeature } from '../../../../../main/core/features/companion/companionFeature';
import { DEFAULT_CONFIG, type CompanionSetting } from '../../../../../main/core/config/config';
import { qrMatrix } from '../../../../../main/core/qr';
import { MemoryStore, memoryLogger } from '../../support/fakes';
import { DETAIL, fakeDeps, manualClock, openEvents, secretOf, TEST_LIMITS } from './support';

const features: CompanionFeature[] = [];
const streams: Array<() => void> = [];

afterEach(async () => {
  for (const close of streams.splice(0)) close();
  for (const feature of features.splice(0)) await feature.dispose();
});

function setup(options: { companion?: CompanionSetting; kiosk?: boolean; child?: boolean; pinSet?: boolean; store?: MemoryStore } = {}) {
  const screen = { member: 'member-a' as string | undefined, child: options.child ?? false };
  const removedListeners: Array<(key: string) => void> = [];
  const guestLeftListeners: Array<() => void> = [];
  const events: BridgeEvent[] = [];
  const addFavorite = vi.fn(async (_trackId: string): Promise<Result<FavoriteState>> => ({ ok: true, value: 'favorite' }));
  const changed = vi.fn();
  const { views, artwork } = fakeDeps().deps;
  const feature = createCompanionFeature({
    config: { companion: options.companion, companionHost: '127.0.0.1', companionPort: 0, kiosk: { ...DEFAULT_CONFIG.kiosk, enabled: options.kiosk ?? false } },
    views,
    artwork,
    household: {
      onScreen: () => screen.member,
      childOnScreen: () => screen.child,
      pins: {
        pinSet: () => options.pinSet ?? true,
        pinRefused: (pin) => (pin === '2468' ? undefined : { kind: 'denied', message: 'PIN', retryable: false, messageKey: 'household.pinNeeded' }),
      },
    },
    session: { onMemberRemoved: (listener) => removedListeners.push(listener), onGuestLeft: (listener) => guestLeftListeners.push(listener) },
    trackActions: { handlers: { addFavorite } },
    emit: (event) => events.push(event),
    store: options.store ?? new MemoryStore(),
    clock: manualClock(),
    logger: memoryLogger(),
    changed,
    addresses: () => ['127.0.0.1'],
    options: { limits: TEST_LIMITS, keepAliveSeconds: 1 },
  });
  features.push(feature);
  const signOut = (key: string): void => removedListeners.forEach((listener) => listener(key));
  const guestLeaves = (): void => guestLeftListeners.forEach((listener) => listener());
  return { feature, screen, events, addFavorite, changed, signOut, guestLeaves, views };
}

async function offer(feature: CompanionFeature, pin?: string): Promise<CompanionOfferView> {
  const answer = await feature.handlers.companionOffer(pin);
  if (!answer.ok) throw new Error(answer.error.message);
  return answer.value;
}

async function pair(offered: CompanionOfferView): Promise<PairAnswer> {
  const response = await fetch(`${offered.address}/api/pair`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ secret: secretOf(offered.url) }),
  });
  expect(response.status).toBe(200);
  return (await response.json()) as PairAnswer;
}

const post = (offered: CompanionOfferView, paired: PairAnswer, path: string, body: unknown) =>
  fetch(`${offered.address}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${paired.credential}` },
    body: JSON.stringify(body),
  });

describe('when the port opens', () => {
  it('unset: no port until someone asks on the TV, then an offer whose QR code is its URL, drawn locally', async () => {
    const { feature, changed } = setup();
    expect(feature.listening()).toBeUndefined();
    expect(feature.view()).toEqual({ available: true, listening: false, pinRequired: false, phones: [] });
    const offered = await offer(feature);
    expect(feature.listening()).toMatchObject({ host: '127.0.0.1' });
    expect(feature.view().listening).toBe(true);
    expect(changed).toHaveBeenCalled();
    expect(offered.qr).toEqual(qrMatrix(offered.url));
    expect(offered).toMatchObject({ memberKey: 'member-a', code: expect.stringMatching(/^[0-9]{6}$/) });
  });

  it('in a kiosk, unset means off: nothing is offered and no port opens', async () => {
    const { feature } = setup({ kiosk: true });
    expect(feature.view().available).toBe(false);
    expect(await feature.handlers.companionOffer()).toMatchObject({ ok: false, error: { messageKey: 'companion.off' } });
    expect(feature.listening()).toBeUndefined();
  });

  it('off: never; on: listening from the start', async () => {
    const off = setup({ companion: 'off' });
    expect(await off.feature.handlers.companionOffer()).toMatchObject({ ok: false, error: { messageKey: 'companion.off' } });
    const on = setup({ companion: 'on' });
    await vi.waitFor(() => expect(on.feature.listening()).toBeDefined());
  });

  it('a child on screen without the PIN is refused before any port opens; with it, the offer comes', async () => {
    const { feature } = setup({ child: true });
    expect(await feature.handlers.companionOffer()).toMatchObject({ ok: false, error: { messageKey: 'household.pinNeeded' } });
    expect(feature.listening()).toBeUndefined();
    expect((await feature.handlers.companionOffer('2468')).ok).toBe(true);
  });

  it('phones paired before a restart find the TV again: the port opens at start', async () => {
    const store = new MemoryStore();
    const first = setup({ store });
    await pair(await offer(first.feature));
    await first.feature.dispose();
    const again = setup({ store });
    await vi.waitFor(() => expect(again.feature.listening()).toBeDefined());
    expect(again.feature.view().phones).toHaveLength(1);
  });
});

describe('phones and the TV', () => {
  it('a member who signs out takes their phones with them; Remove ends one phone', async () => {
    const { feature, signOut } = setup();
    const offered = await offer(feature);
    const paired = await pair(offered);
    expect(feature.view().phones.map((p) => p.id)).toEqual([paired.phone.id]);
    signOut('member-b');
    expect(feature.view().phones).toHaveLength(1);
    signOut('member-a');
    expect(feature.view().phones).toEqual([]);
    const again = await pair(await offer(feature));
    expect(await feature.handlers.companionRemovePhone(again.phone.id)).toEqual({ ok: true, value: undefined });
    expect(await feature.handlers.companionRemovePhone(again.phone.id)).toMatchObject({ ok: false, error: { messageKey: 'companion.noSuchPhone' } });
  });

  it('a guest’s phones go when the guest leaves the screen; a member’s stay', async () => {
    const { feature, screen, guestLeaves } = setup();
    const members = await pair(await offer(feature));
    screen.member = GUEST_KEY;
    const guests = await pair(await offer(feature));
    expect(guests.phone.memberKey).toBe(GUEST_KEY);
    expect(feature.view().phones).toHaveLength(2);
    guestLeaves();
    expect(feature.view().phones.map((p) => p.id)).toEqual([members.phone.id]);
  });

  it('a child on screen removes a phone only with the PIN: without it, or with a wrong one, the phone stays', async () => {
    const { feature, screen } = setup();
    const paired = await pair(await offer(feature));
    screen.child = true;
    expect(await feature.handlers.companionRemovePhone(paired.phone.id)).toMatchObject({ ok: false, error: { messageKey: 'household.pinNeeded' } });
    expect(await feature.handlers.companionRemovePhone(paired.phone.id, '0000')).toMatchObject({ ok: false });
    expect(feature.view().phones).toHaveLength(1);
    expect(await feature.handlers.companionRemovePhone(paired.phone.id, '2468')).toEqual({ ok: true, value: undefined });
    expect(feature.view().phones).toEqual([]);
  });

  it('Show on TV and the remote pad become the renderer’s events; where-am-i is the remote’s Info', async () => {
    const { feature, events } = setup();
    const offered = await offer(feature);
    const paired = await pair(offered);
    expect((await post(offered, paired, '/api/show', { kind: 'detail', ref: { kind: 'album', id: 'al-1' } })).status).toBe(200);
    for (const key of ['up', 'ok', 'back', 'where-am-i'] as const) expect((await post(offered, paired, '/api/remote', { key })).status).toBe(200);
    expect(events).toEqual([
      { type: 'showOnTv', target: { kind: 'detail', ref: { kind: 'album', id: 'al-1' } } },
      { type: 'intent', intent: 'up' },
      { type: 'intent', intent: 'select' },
      { type: 'intent', intent: 'back' },
      { type: 'intent', intent: 'info' },
    ]);
  });

  it('Show on TV of a detail the phone was shown carries the title it was shown under; the phones are told it without asking the catalog again', async () => {
    const { feature, events, views } = setup();
    const offered = await offer(feature);
    const paired = await pair(offered);
    const stream = await openEvents(offered.address, paired.credential);
    streams.push(stream.close);
    const shown = await fetch(`${offered.address}/api/details/chart/chart-1`, { headers: { authorization: `Bearer ${paired.credential}` } });
    expect(shown.status).toBe(200);
    expect(views.getDetail).toHaveBeenCalledTimes(1);
    expect((await post(offered, paired, '/api/show', { kind: 'detail', ref: DETAIL.ref })).status).toBe(200);
    expect(events).toEqual([{ type: 'showOnTv', target: { kind: 'detail', ref: DETAIL.ref }, title: DETAIL.title }]);
    // The TV reports the detail (its heading came from the event, or the report came before the detail arrived).
    await feature.handlers.companionScreen({ kind: 'detail', ref: DETAIL.ref, scope: 'public' });
    let message = await stream.next();
    while (message !== undefined && !(message.event === 'screen' && JSON.stringify(message.data).includes('"detail"'))) message = await stream.next();
    expect(message?.data).toEqual({ type: 'screen', screen: { kind: 'detail', ref: DETAIL.ref, title: DETAIL.title, scope: 'public' } });
    expect(views.getDetail).toHaveBeenCalledTimes(1);
  });

  it('a favourite from a phone whose member is not on screen is refused, never added for the one on screen', async () => {
    const { feature, screen, addFavorite } = setup();
    const offered = await offer(feature);
    const paired = await pair(offered);
    screen.member = 'member-b';
    const refused = await post(offered, paired, '/api/favorites', { trackId: 't1' });
    expect(refused.status).toBe(403);
    expect(await refused.json()).toMatchObject({ ui: { messageKey: 'companion.notOnScreen' } });
    expect(addFavorite).not.toHaveBeenCalled();
    screen.member = 'member-a';
    expect((await post(offered, paired, '/api/favorites', { trackId: 't1' })).status).toBe(200);
    expect(addFavorite).toHaveBeenCalledWith('t1');
  });

  it('Send to my phone reaches the stream of the on-screen member’s phone, and says how many were connected', async () => {
    const { feature, screen } = setup();
    const offered = await offer(feature);
    const paired = await pair(offered);
    const stream = await openEvents(offered.address, paired.credential);
    streams.push(stream.close);
    const item: SentItem = { kind: 'track', title: '晴天', subtitle: '周杰倫', url: 'https://music.example/track/t1', trackId: 't1', images: [] };
    expect(await feature.handlers.sendToPhone(item)).toEqual({ ok: true, value: 1 });
    let message = await stream.next();
    while (message?.event === 'screen') message = await stream.next();
    expect(message).toMatchObject({ event: 'sent', data: { type: 'sent', item } });
    screen.member = 'member-b';
    expect(await feature.handlers.sendToPhone(item)).toEqual({ ok: true, value: 0 });
    expect(await feature.handlers.sendToPhone({ ...item, url: 'not a url' })).toMatchObject({ ok: false });
  });

  it('a detail the TV opened for a phone (no title in the report) is told to the phones with the title the TV shows', async () => {
    const { feature } = setup();
    const offered = await offer(feature);
    const paired = await pair(offered);
    const stream = await openEvents(offered.address, paired.credential);
    streams.push(stream.close);
    await feature.handlers.companionScreen({ kind: 'home', scope: 'member' });
    await feature.handlers.companionScreen({ kind: 'detail', ref: { kind: 'chart', id: 'c1' }, scope: 'public' });
    let message = await stream.next();
    while (message !== undefined && !(message.event === 'screen' && JSON.stringify(message.data).includes('"detail"'))) message = await stream.next();
    expect(message?.data).toEqual({ type: 'screen', screen: { kind: 'detail', ref: { kind: 'chart', id: 'c1' }, title: DETAIL.title, scope: 'public' } });
  });
});
