/**
 * The fake bridge's phone companion: "Use your phone" offers, the phones paired (some for the member on screen with
 * `phones`), Remove, Send to my phone, and a test's phone pairing with the offer on screen.
 */
import { GUEST_KEY, type AppState, type CompanionOfferView, type TunewallBridge, type UiError } from '../../shared/bridge';
import type { PhoneView } from '../../shared/companion';
import type { FakeContext } from './fakeCalls';
import { pinError } from './fakeHousehold';
import { qrMatrix } from './fakeState';

const ADDRESS = 'http://192.168.1.20:47615';
const OFFER_MS = 5 * 60_000;
const PHONE_NAMES = ['Safari on iPhone', 'Chrome on Android', 'Firefox on Android'];

/** `count` phones paired for `memberKey`, seen a few minutes apart. */
export function fakePhones(memberKey: string | undefined, count: number, now: number): PhoneView[] {
  if (memberKey === undefined) return [];
  return Array.from({ length: count }, (_, i) => ({
    id: `phone-${i + 1}`,
    memberKey,
    name: PHONE_NAMES[i % PHONE_NAMES.length] ?? 'Phone',
    pairedAt: now - 86_400_000 * (i + 2),
    lastSeen: now - 60_000 * (i * 37 + 3),
  }));
}

export function fakeCompanionView(options: { kiosk?: boolean; phones?: number }, active: string | undefined, now: number): AppState['companion'] {
  const available = options.kiosk !== true;
  return { available, listening: available && (options.phones ?? 0) > 0, pinRequired: false, phones: available ? fakePhones(active, options.phones ?? 0, now) : [] };
}

function childOnScreen(ctx: FakeContext): boolean {
  const { household } = ctx.state();
  return household.active === GUEST_KEY ? household.guest.child : household.members.some((m) => m.key === household.active && m.child);
}

/** Why an offer with `given` is refused: a child's profile on screen needs the household's PIN. */
function pinRefusal(ctx: FakeContext, pin: { value: string | undefined }, given: string | undefined): UiError | undefined {
  if (!childOnScreen(ctx) && !ctx.state().companion.pinRequired) return undefined;
  if (pin.value === undefined) return pinError('pinFirst').error;
  if (given === undefined) return pinError('pinNeeded').error;
  return given === pin.value ? undefined : pinError('pinWrong').error;
}

export function companionCalls(
  ctx: FakeContext,
  pin: { value: string | undefined },
): Pick<TunewallBridge, 'companionOffer' | 'companionCancelOffer' | 'companionRemovePhone' | 'sendToPhone' | 'companionScreen'> {
  const record = (method: string, ...args: unknown[]): void => void ctx.calls.push({ method, args });
  const companion = (): AppState['companion'] => ctx.state().companion;
  return {
    async companionOffer(given) {
      record('companionOffer', given);
      const failed = ctx.failingNext.get('companionOffer');
      if (failed !== undefined) {
        ctx.failingNext.delete('companionOffer');
        return { ok: false, error: failed };
      }
      const memberKey = ctx.state().household.active;
      if (!companion().available) return { ok: false, error: { kind: 'denied', message: 'Using your phone is off on this TV.', messageKey: 'companion.off', retryable: false } };
      if (memberKey === undefined) return { ok: false, error: { kind: 'denied', message: 'Choose who is listening first.', messageKey: 'companion.nobodyOnScreen', retryable: false } };
      const refused = pinRefusal(ctx, pin, given);
      if (refused !== undefined) return { ok: false, error: refused };
      const url = `${ADDRESS}/#s=${'Q'.repeat(43)}`;
      const offer: CompanionOfferView = { url, address: ADDRESS, code: '482913', expiresAt: ctx.now() + OFFER_MS, memberKey, qr: qrMatrix(url) };
      if (!companion().listening) ctx.setState({ companion: { ...companion(), listening: true } });
      return { ok: true, value: offer };
    },
    async companionCancelOffer() {
      record('companionCancelOffer');
    },
    async companionRemovePhone(id, given) {
      record('companionRemovePhone', id, given);
      // As the core: a child's profile removes a phone only with the PIN, when one is set.
      if (childOnScreen(ctx) && pin.value !== undefined && given !== pin.value) return { ok: false, error: pinError(given === undefined ? 'pinNeeded' : 'pinWrong').error };
      const phones = companion().phones;
      if (!phones.some((p) => p.id === id)) return { ok: false, error: { kind: 'not-found', message: 'That phone is no longer paired with this TV.', messageKey: 'companion.noSuchPhone', retryable: false } };
      ctx.setState({ companion: { ...companion(), phones: phones.filter((p) => p.id !== id) } });
      return { ok: true, value: undefined };
    },
    async sendToPhone(item) {
      record('sendToPhone', item);
      const active = ctx.state().household.active;
      return { ok: true, value: companion().phones.filter((p) => p.memberKey === active).length };
    },
    async companionScreen(screen) {
      record('companionScreen', screen);
    },
  };
}

/** A phone pairs with the offer on screen, for the member on screen (what a test or a screenshot steers). */
export function pairFakePhone(ctx: FakeContext, name = 'Safari on iPhone'): PhoneView {
  const now = ctx.now();
  const phone: PhoneView = { id: `phone-${now}`, memberKey: ctx.state().household.active ?? GUEST_KEY, name, pairedAt: now, lastSeen: now };
  ctx.setState({ companion: { ...ctx.state().companion, phones: [...ctx.state().companion.phones, phone] } });
  return phone;
}
