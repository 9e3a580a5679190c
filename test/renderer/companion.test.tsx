// @vitest-environment jsdom
/**
 * The phone companion on the TV's screens: "Use your phone" (the PIN first for a child), Settings' connected phones
 * with Remove, the track panel's "Send to my phone", a phone's Show on TV opened as the remote would, and the screen
 * told to the core.
 */
import { setFocus } from '@noriginmedia/norigin-spatial-navigation';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { makeTracks } from '../../renderer/dev/fakeData';
import { expectFocus, fakeChart, press, renderApp, SCREEN_FOCUS, sizeTrackLists } from './helpers';

afterEach(() => cleanup());
let unsize = (): void => undefined;
beforeAll(() => (unsize = sizeTrackLists()));
afterAll(() => unsize());

const typeDigits = (digits: string): void => {
  for (const digit of digits) fireEvent.keyDown(window, { key: digit, code: `Digit${digit}` });
};

async function openFromSettings(options: Parameters<typeof renderApp>[0] = {}) {
  const rendered = renderApp({ scenario: 'home', language: 'en', screens: [{ name: 'settings' }], ...options });
  await screen.findByRole('heading', { level: 1, name: 'Settings' });
  await expectFocus(SCREEN_FOCUS.settings);
  await act(async () => setFocus('settings-use-phone'));
  await expectFocus('settings-use-phone');
  await press('select');
  return rendered;
}

describe('"Use your phone"', () => {
  it('shows the QR code, the address and code to type, and the time left; a phone that pairs is named', async () => {
    const { fake } = await openFromSettings();
    const dialog = await screen.findByRole('dialog', { name: 'Use your phone with Tunewall' });
    expect(await within(dialog).findByRole('img', { name: 'QR code to connect your phone' })).toBeTruthy();
    expect(within(dialog).getByTestId('phone-address').textContent).toBe('192.168.1.20:47615');
    expect(within(dialog).getByTestId('phone-code').textContent).toBe('482 913');
    expect(within(dialog).getByText(/^Code expires in 5 min/)).toBeTruthy();
    // Said as the dialog opens: where to go and the code, digit by digit.
    expect(dialog.getAttribute('aria-describedby')).toBeTruthy();
    const described = document.getElementById(dialog.getAttribute('aria-describedby') ?? '');
    expect(described?.getAttribute('aria-label')).toBe('On your phone, open 192.168.1.20:47615 and enter this code: 4 8 2 9 1 3.');
    await expectFocus('use-phone-close');
    act(() => void fake.pairPhone('Chrome on Android'));
    expect(await within(dialog).findByText('Your phone is connected: Chrome on Android.')).toBeTruthy();
    expect(within(dialog).queryByRole('img')).toBeNull();
    await press('select');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await expectFocus('settings-use-phone');
    // The code was used: nothing to withdraw.
    expect(fake.callsOf('companionCancelOffer')).toEqual([]);
  });

  it('closed before a phone pairs, withdraws the code; Back closes it like Close', async () => {
    const { fake } = await openFromSettings();
    await screen.findByRole('img', { name: 'QR code to connect your phone' });
    await press('back');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(fake.callsOf('companionCancelOffer')).toHaveLength(1);
    await expectFocus('settings-use-phone');
  });

  it('for a child’s profile asks the PIN before any code is made', async () => {
    const { fake } = await openFromSettings({ scenario: 'child' });
    const pin = await screen.findByRole('dialog', { name: 'Enter the PIN to connect a phone' });
    expect(fake.callsOf('companionOffer')).toEqual([]);
    await expectFocus('pin-digit:0');
    await act(async () => typeDigits('9999'));
    await press('select');
    expect(await within(pin).findByText('That PIN is not right. Try again.')).toBeTruthy();
    await act(async () => typeDigits('1234'));
    await press('select');
    expect(await screen.findByRole('dialog', { name: 'Use your phone with Tunewall' })).toBeTruthy();
    expect(fake.callsOf('companionOffer').map((call) => call.args)).toEqual([['9999'], ['1234']]);
  });

  it('is in Home’s header between the profile and Settings, and not in a kiosk that has it off', async () => {
    renderApp({ scenario: 'home', language: 'en' });
    const button = await screen.findByRole('button', { name: 'Use your phone' });
    const header = [...document.querySelectorAll('.header-right [data-focus-key]')].map((node) => node.getAttribute('data-focus-key'));
    expect(header).toEqual(['home-profile', 'home-phone', 'home-settings']);
    fireEvent.click(button);
    expect(await screen.findByRole('dialog', { name: 'Use your phone with Tunewall' })).toBeTruthy();
    cleanup();
    renderApp({ scenario: 'home', language: 'en', kiosk: true });
    await screen.findByRole('button', { name: 'Settings' });
    expect(screen.queryByRole('button', { name: 'Use your phone' })).toBeNull();
  });
});

describe('Settings’ connected phones', () => {
  it('lists each phone with its member and when it was last seen; Remove ends it and keeps focus in the part', async () => {
    const { fake } = renderApp({ scenario: 'home', language: 'en', phones: 2, screens: [{ name: 'settings' }] });
    const list = await screen.findByRole('list', { name: 'Connected phones' });
    const items = within(list).getAllByTestId('phone-item');
    expect(items.map((item) => item.querySelector('.phone-name')?.textContent)).toEqual([
      expect.stringMatching(/^Safari on iPhone · .+/),
      expect.stringMatching(/^Chrome on Android · .+/),
    ]);
    expect(items[0]?.textContent).toContain('Last seen');
    await act(async () => setFocus('phone-remove:phone-1'));
    await press('select');
    await waitFor(() => expect(within(list).getAllByTestId('phone-item')).toHaveLength(1));
    expect(fake.callsOf('companionRemovePhone').map((call) => call.args)).toEqual([['phone-1', undefined]]);
    await expectFocus('settings-use-phone');
  });

  it('on a child’s profile, Remove asks the PIN first, and a wrong one removes nothing', async () => {
    const { fake } = renderApp({ scenario: 'child', language: 'en', phones: 2, screens: [{ name: 'settings' }] });
    const list = await screen.findByRole('list', { name: 'Connected phones' });
    await act(async () => setFocus('phone-remove:phone-1'));
    await press('select');
    const pin = await screen.findByRole('dialog', { name: 'Enter the PIN' });
    expect(fake.callsOf('companionRemovePhone')).toEqual([]);
    await expectFocus('pin-digit:0');
    await act(async () => typeDigits('9999'));
    await press('select');
    expect(await within(pin).findByText('That PIN is not right. Try again.')).toBeTruthy();
    expect(within(list).getAllByTestId('phone-item')).toHaveLength(2);
    await act(async () => typeDigits('1234'));
    await press('select');
    await waitFor(() => expect(within(list).getAllByTestId('phone-item')).toHaveLength(1));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Enter the PIN' })).toBeNull());
    expect(fake.callsOf('companionRemovePhone').map((call) => call.args)).toEqual([
      ['phone-1', '9999'],
      ['phone-1', '1234'],
    ]);
    await expectFocus('settings-use-phone');
  });

  it('says so when no phone is connected', async () => {
    renderApp({ scenario: 'home', language: 'en', screens: [{ name: 'settings' }] });
    expect(await screen.findByText('No phone is connected yet.')).toBeTruthy();
  });
});

describe('"Send to my phone" in the track panel', () => {
  async function panel(options: Parameters<typeof renderApp>[0]) {
    const { ref, title } = fakeChart();
    const rendered = renderApp({ scenario: 'home', language: 'en', screens: [{ name: 'detail', ref, title }], ...options });
    await expectFocus('track:0');
    await press('select');
    const dialog = await screen.findByRole('dialog');
    await press('down');
    await expectFocus('panel-send');
    return { ...rendered, dialog, ref };
  }

  it('with a phone paired for the one on screen, sends the track there and says so', async () => {
    const { fake, dialog, ref } = await panel({ phones: 1 });
    await press('select');
    expect(await within(dialog).findByText('Sent to your phone.')).toBeTruthy();
    const [item] = fake.callsOf('sendToPhone')[0]?.args ?? [];
    expect(item).toMatchObject({ kind: 'track', ref, trackId: expect.any(String), url: expect.stringMatching(/^https?:/) });
  });

  it('without one, opens "Use your phone" over the panel, and Back returns to the panel', async () => {
    const { fake } = await panel({});
    await press('select');
    expect(await screen.findByRole('dialog', { name: 'Use your phone with Tunewall' })).toBeTruthy();
    expect(fake.callsOf('sendToPhone')).toEqual([]);
    await press('back');
    await expectFocus('panel-send');
  });

  it('sends the track once a phone pairs from there, without a second press; closing the dialog returns to "Sent"', async () => {
    const { fake, dialog, ref } = await panel({});
    await press('select');
    const use = await screen.findByRole('dialog', { name: 'Use your phone with Tunewall' });
    expect(fake.callsOf('sendToPhone')).toEqual([]);
    act(() => void fake.pairPhone('Safari on iPhone'));
    expect(await within(use).findByText('Your phone is connected: Safari on iPhone.')).toBeTruthy();
    await waitFor(() => expect(fake.callsOf('sendToPhone')).toHaveLength(1));
    const [item] = fake.callsOf('sendToPhone')[0]?.args ?? [];
    expect(item).toMatchObject({ kind: 'track', ref, trackId: expect.any(String) });
    await press('select');
    await expectFocus('panel-send');
    expect(await within(dialog).findByText('Sent to your phone.')).toBeTruthy();
    // Pressed again, it sends again, once.
    await press('select');
    await waitFor(() => expect(fake.callsOf('sendToPhone')).toHaveLength(2));
  });
});

describe('a phone’s Show on TV', () => {
  it('opens the detail on top of Home, as the remote would; Back returns where the person was', async () => {
    const { fake } = renderApp({ scenario: 'home', language: 'en' });
    await expectFocus(SCREEN_FOCUS.home);
    await act(async () => setFocus('home-settings'));
    const { ref, title } = fakeChart();
    act(() => fake.emit({ type: 'showOnTv', target: { kind: 'detail', ref } }));
    expect(await screen.findByRole('heading', { level: 1, name: title })).toBeTruthy();
    // A chart is the catalog's: every phone may be told it, whoever is on screen.
    await waitFor(() => expect(fake.callsOf('companionScreen').at(-1)?.args[0]).toMatchObject({ kind: 'detail', ref, scope: 'public' }));
    await press('back');
    await expectFocus('home-settings');
    await waitFor(() => expect(fake.callsOf('companionScreen').at(-1)?.args[0]).toEqual({ kind: 'home', scope: 'member' }));
  });

  it('with the title the phone was shown it under, the heading is on the TV before the detail arrives', async () => {
    const { fake } = renderApp({ scenario: 'home', language: 'en' });
    await screen.findByRole('button', { name: 'Settings' });
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const answer = fake.bridge.getDetail;
    const asked: unknown[] = [];
    fake.bridge.getDetail = async (ref) => {
      asked.push(ref);
      await gate;
      return answer(ref);
    };
    const { ref, title } = fakeChart();
    act(() => fake.emit({ type: 'showOnTv', target: { kind: 'detail', ref }, title }));
    expect(await screen.findByRole('heading', { level: 1, name: title })).toBeTruthy();
    // Asked for, not yet arrived: no track on the screen.
    expect(asked).toEqual([ref]);
    expect(document.querySelector('[data-focus-key="track:0"]')).toBeNull();
    act(() => release());
    await waitFor(() => expect(document.querySelector('[data-focus-key="track:0"]')).not.toBeNull());
    expect(screen.getByRole('heading', { level: 1, name: title })).toBeTruthy();
  });

  it('a track opens in its detail, focused there with its panel open', async () => {
    const { fake } = renderApp({ scenario: 'home', language: 'en' });
    await screen.findByRole('button', { name: 'Settings' });
    const { ref } = fakeChart();
    // The third track of the first detail the fake answers (its tracks change with each detail asked for).
    const track = makeTracks(ref, 'TW', 2, 1, 1)[0];
    if (track === undefined) throw new Error('fake chart');
    act(() => fake.emit({ type: 'showOnTv', target: { kind: 'track', trackId: track.id, in: ref } }));
    expect(await screen.findByRole('dialog', { name: track.name })).toBeTruthy();
    await press('back');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await expectFocus('track:2');
  });

  it('a phone’s remote keys move focus as the remote’s do', async () => {
    const { fake } = renderApp({ scenario: 'home', language: 'en' });
    await expectFocus(SCREEN_FOCUS.home);
    await act(async () => setFocus('home-profile'));
    await expectFocus('home-profile');
    act(() => fake.emit({ type: 'intent', intent: 'right' }));
    await expectFocus('home-phone');
    act(() => fake.emit({ type: 'intent', intent: 'select' }));
    expect(await screen.findByRole('dialog', { name: 'Use your phone with Tunewall' })).toBeTruthy();
    act(() => fake.emit({ type: 'intent', intent: 'back' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await expectFocus('home-phone');
  });
});
