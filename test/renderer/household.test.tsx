// @vitest-environment jsdom
import { getCurrentFocusKey, setFocus } from '@noriginmedia/norigin-spatial-navigation';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Result, RowView } from '../../shared/bridge';
import { createFakeBridge } from '../../renderer/dev/fakeBridge';
import { favoriteTracksOf, householdFor } from '../../renderer/dev/fakeData';
import { App } from '../../renderer/src/App';
import { createAppStore } from '../../renderer/src/store/appStore';
import { expectFocus, press, renderApp, SCREEN_FOCUS } from './helpers';
import type { SpeechRequest } from '../../shared/bridge';
import { runsText } from '../../shared/speechRuns';

afterEach(() => cleanup());

const [mei, arif, sophie, david] = householdFor('SG');
const profile = (key: string | undefined): string => `profile:${key ?? ''}`;
const typeDigits = (digits: string): void => {
  for (const digit of digits) fireEvent.keyDown(window, { key: digit, code: `Digit${digit}` });
};
/** The favourites row's track titles on screen. */
const favoriteTitles = (): string[] =>
  Array.from(document.querySelectorAll('[data-focus-key^="tile:favorites:"] .tile-title'), (node) => node.textContent ?? '');
const headerName = (): string | null | undefined => document.querySelector('.home-header .member-name')?.textContent;

describe("Who's listening?", () => {
  it('lists the members with their place in the row, the guest last and "Add a member", focus on the last chosen', async () => {
    renderApp({ scenario: 'chooser', language: 'en', territory: 'SG' });
    expect(await screen.findByRole('heading', { name: "Who's listening?" })).toBeTruthy();
    const names = within(screen.getByRole('group', { name: "Who's listening?" }))
      .getAllByRole('button')
      .map((button) => button.getAttribute('aria-label'));
    expect(names).toEqual([
      `${mei?.name}, 1 of 6`,
      `${arif?.name}, 2 of 6`,
      `${sophie?.name}, Kids, 3 of 6`,
      `${david?.name}, Sign in again, 4 of 6`,
      'Guest, 5 of 6',
      'Add a member, 6 of 6',
    ]);
    // The member without a picture shows a large initial.
    expect(screen.getByRole('button', { name: `${arif?.name}, 2 of 6` }).querySelector('.profile-initial')?.getAttribute('data-initial')).toBe('A');
    await expectFocus(profile(arif?.key));
    // DOM focus follows Tunewall's in the next frame or idle moment (input/navigation.ts focusNode).
    await waitFor(() => expect(document.activeElement?.getAttribute('aria-label')).toBe(`${arif?.name}, 2 of 6`));
  });

  it("one press on a name puts them on screen, and Home shows that member's own favourites", async () => {
    const { fake } = renderApp({ scenario: 'chooser', language: 'en', territory: 'SG' });
    await expectFocus(profile(arif?.key));
    await press('select');
    expect(fake.callsOf('chooseProfile').map((call) => call.args[0])).toEqual([arif?.key]);
    await waitFor(() => expect(headerName()).toBe(arif?.name));
    const arifs = favoriteTracksOf(arif?.key ?? '', 'SG').map((track) => track.name);
    await waitFor(() => expect(favoriteTitles().slice(0, 3)).toEqual(arifs.slice(0, 3)));
  });

  it('speaks each name as focus moves, with voice guidance on', async () => {
    const { fake } = renderApp({ scenario: 'chooser', language: 'en', territory: 'SG', voiceGuidance: true });
    const spoken = (): string[] => fake.callsOf('speak').map((call) => runsText((call.args[0] as SpeechRequest).runs));
    await vi.waitFor(() => expect(spoken()).toContain("Who's listening?"));
    await expectFocus(profile(arif?.key));
    await press('right');
    await vi.waitFor(() => expect(spoken()).toContain(`${sophie?.name}, Kids, 3 of 6`));
    await press('right');
    await vi.waitFor(() => expect(spoken()).toContain(`${david?.name}, Sign in again, 4 of 6`));
  });

  it('signs one member out in its own mode, after asking; the others stay', async () => {
    const { fake } = renderApp({ scenario: 'chooser', language: 'en', territory: 'SG' });
    await expectFocus(profile(arif?.key));
    await press('down');
    await expectFocus('chooser-manage');
    await press('select');
    expect(await screen.findByRole('heading', { name: 'Sign out who?' })).toBeTruthy();
    await expectFocus(profile(mei?.key));
    // Only members: no guest, no "Add a member".
    expect(screen.getAllByRole('button', { name: /^Sign out .*, \d of 4$/ })).toHaveLength(4);
    await press('right');
    await press('select');
    const dialog = await screen.findByRole('dialog', { name: `Sign ${arif?.name} out of this TV?` });
    await expectFocus('member-sign-out-cancel');
    await act(async () => setFocus('member-sign-out-confirm'));
    await press('select');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(dialog.isConnected).toBe(false);
    expect(fake.callsOf('signOutMember').map((call) => call.args)).toEqual([[arif?.key, undefined]]);
    await waitFor(() => expect(screen.queryByRole('button', { name: new RegExp(`^Sign out ${arif?.name ?? ''}`) })).toBeNull());
    // Back leaves the mode, not the screen.
    await press('back');
    expect(await screen.findByRole('heading', { name: "Who's listening?" })).toBeTruthy();
    expect(fake.state().household.members.map((m) => m.key)).toEqual([mei?.key, sophie?.key, david?.key]);
  });

  it("opens from Home's avatar; Back returns to where the person was", async () => {
    renderApp({ scenario: 'household', language: 'en', territory: 'SG' });
    await waitFor(() => expect(favoriteTitles().length).toBeGreaterThan(0));
    await press('up');
    await expectFocus('home-settings');
    await press('left');
    await expectFocus('home-phone');
    await press('left');
    await expectFocus('home-profile');
    expect(document.querySelector('[data-focus-key="home-profile"]')?.getAttribute('aria-label')).toBe(`${mei?.name}, switch member`);
    await press('select');
    expect(await screen.findByRole('heading', { name: "Who's listening?" })).toBeTruthy();
    await expectFocus(profile(mei?.key));
    await press('back');
    await expectFocus('home-profile');
  });
});

describe('switching members', () => {
  it("never shows the last member's rows after a switch, not even an answer asked for before it", async () => {
    const fake = createFakeBridge({ scenario: 'household', language: 'en', territory: 'SG' });
    // Mei's favourites are answered only after the switch (a slow service while Home was loading).
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const loadRow = fake.bridge.loadRow.bind(fake.bridge);
    let held = false;
    fake.bridge.loadRow = async (id): Promise<Result<RowView>> => {
      const answer = await loadRow(id);
      if (id !== 'favorites' || held || !answer.ok) return answer;
      held = true;
      await gate;
      // Newer than anything on screen by then: only knowing whose it is keeps it off.
      return { ok: true, value: { ...answer.value, fetchedAt: Date.now() + 60_000 } };
    };
    render(<App bridge={fake.bridge} quit={() => undefined} />);
    const meis = favoriteTracksOf(mei?.key ?? '', 'SG').map((track) => track.name);
    const arifs = favoriteTracksOf(arif?.key ?? '', 'SG').map((track) => track.name);
    await waitFor(() => expect(headerName()).toBe(mei?.name));
    await waitFor(() => expect(held).toBe(true));

    // Any commit after the switch that shows one of Mei's favourites is a leak.
    const leaks: string[] = [];
    let switched = false;
    const observer = new MutationObserver(() => {
      const shown = favoriteTitles();
      if (switched && shown.some((title) => meis.includes(title))) leaks.push(`${headerName() ?? ''}: ${shown.join(' | ')}`);
    });
    observer.observe(document.body, { subtree: true, childList: true, characterData: true });
    try {
      await act(async () => setFocus('home-profile'));
      await press('select');
      await expectFocus(profile(mei?.key));
      await press('right');
      switched = true;
      await press('select');
      await waitFor(() => expect(headerName()).toBe(arif?.name));
      await waitFor(() => expect(favoriteTitles()[0]).toBe(arifs[0]));
      await act(async () => {
        release();
        await gate;
        await new Promise((resolve) => setTimeout(resolve, 0));
      });
      expect(favoriteTitles()[0]).toBe(arifs[0]);
    } finally {
      observer.disconnect();
    }
    expect(leaks).toEqual([]);
    // Home of the new member starts at its first tile, with nothing of the last member's screens stacked on it.
    await waitFor(() => expect(getCurrentFocusKey()).toMatch(/^tile:favorites:/));
  });
});

describe('the app store', () => {
  it('clears the rows when someone else is on screen, even under the same name', async () => {
    const fake = createFakeBridge({ scenario: 'household', language: 'en', territory: 'SG' });
    const store = createAppStore(fake.bridge);
    await store.getState().start();
    await store.getState().loadRow('favorites');
    expect(store.getState().rows.favorites?.status).toBe('ready');
    const before = fake.state();
    // Another member of the same name (two "Mei Ling Tan"s in one family): the same MemberView, another key.
    store.getState().handleEvent({ type: 'state', state: { ...before, household: { ...before.household, active: arif?.key } } });
    expect(store.getState().rows).toEqual({});
  });
});

describe('the PIN', () => {
  it("is asked for when leaving a child's profile: a wrong one says so and lets the person try again", async () => {
    const { fake } = renderApp({ scenario: 'child', language: 'en', territory: 'SG', screens: [{ name: 'chooser' }] });
    await expectFocus(profile(sophie?.key));
    await press('left');
    await press('select');
    const dialog = await screen.findByRole('dialog', { name: 'Enter the PIN' });
    await expectFocus('pin-digit:0');
    await waitFor(() => expect(document.activeElement?.getAttribute('aria-label')).toBe('Digit 1 of 4'));
    await act(async () => typeDigits('9999'));
    await expectFocus('pin-digit:3');
    await press('select');
    expect(await within(dialog).findByText('That PIN is not right. Try again.')).toBeTruthy();
    await expectFocus('pin-digit:0');
    expect(within(dialog).getAllByRole('spinbutton').map((cell) => cell.getAttribute('aria-valuenow'))).toEqual([null, null, null, null]);

    // Up and Down change the focused digit; the number keys type and move on.
    await press('up');
    await press('up');
    expect(within(dialog).getAllByRole('spinbutton')[0]?.getAttribute('aria-valuenow')).toBe('1');
    await press('right');
    await act(async () => typeDigits('234'));
    await press('select');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(fake.callsOf('chooseProfile').map((call) => call.args)).toEqual([
      [arif?.key, undefined],
      [arif?.key, '9999'],
      [arif?.key, '1234'],
    ]);
    await waitFor(() => expect(headerName()).toBe(arif?.name));
  });

  it('with voice guidance: a wrong PIN is said, then the new Home with whose it is, and nothing nobody focused', async () => {
    const { fake } = renderApp({ scenario: 'child', language: 'en', territory: 'SG', screens: [{ name: 'chooser' }], voiceGuidance: true });
    const spoken = (): string[] => fake.callsOf('speak').map((call) => runsText((call.args[0] as SpeechRequest).runs));
    // Voice guidance's code has loaded (its chunk comes a moment after the first screen).
    await vi.waitFor(() => expect(spoken()).toContain("Who's listening?"));
    await expectFocus(profile(sophie?.key));
    await press('left');
    await press('select');
    await screen.findByRole('dialog', { name: 'Enter the PIN' });
    await expectFocus('pin-digit:0');
    await act(async () => typeDigits('9999'));
    await expectFocus('pin-digit:3');
    await press('select');
    await screen.findByText('That PIN is not right. Try again.');
    await vi.waitFor(() => expect(spoken()).toContain('That PIN is not right. Try again.'));
    const mark = spoken().length;
    await expectFocus('pin-digit:0');
    await act(async () => typeDigits('1234'));
    await expectFocus('pin-digit:3');
    await press('select');
    await waitFor(() => expect(headerName()).toBe(arif?.name));
    await vi.waitFor(() => expect(spoken().slice(mark)).toContain(`Home, ${arif?.name ?? ''}`));
    const focusedLabel = (): string | null | undefined => document.querySelector('.is-focused')?.getAttribute('aria-label');
    await vi.waitFor(() => expect(spoken().at(-1)).toBe(focusedLabel()));
    // Only the new Home, its focus, and what led there: no gear, no digit of the closed dialog.
    const after = spoken().slice(spoken().indexOf(`Home, ${arif?.name ?? ''}`, mark));
    expect(after.filter((text) => text === 'Settings' || text.startsWith('Digit'))).toEqual([]);
  });

  it('Back cancels and puts focus back where it was; an incomplete PIN is not sent', async () => {
    const { fake } = renderApp({ scenario: 'child', language: 'ja', territory: 'JP', screens: [{ name: 'chooser' }] });
    const [yui] = householdFor('JP');
    await expectFocus(profile(householdFor('JP')[2]?.key));
    await act(async () => setFocus(profile(yui?.key)));
    await press('select');
    const dialog = await screen.findByRole('dialog', { name: '暗証番号を入力' });
    await act(async () => typeDigits('12'));
    await press('select');
    expect(await within(dialog).findByText('4 桁すべて入力してください。')).toBeTruthy();
    await expectFocus('pin-digit:2');
    expect(fake.callsOf('chooseProfile')).toHaveLength(1);
    await press('back');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await expectFocus(profile(yui?.key));
    expect(fake.state().household.active).toBe(householdFor('JP')[2]?.key);
  });
});

describe("a child's profile changes nobody's sign-in without the PIN", () => {
  it('signing a member out from the chooser asks for the PIN before anyone is signed out', async () => {
    const { fake } = renderApp({ scenario: 'child', language: 'en', territory: 'SG', screens: [{ name: 'chooser' }] });
    await expectFocus(profile(sophie?.key));
    await act(async () => setFocus('chooser-manage'));
    await press('select');
    expect(await screen.findByRole('heading', { name: 'Sign out who?' })).toBeTruthy();
    await act(async () => setFocus(profile(mei?.key)));
    await press('select');
    await screen.findByRole('dialog', { name: `Sign ${mei?.name} out of this TV?` });
    await expectFocus('member-sign-out-cancel');
    await act(async () => setFocus('member-sign-out-confirm'));
    await press('select');
    const pin = await screen.findByRole('dialog', { name: 'Enter the PIN' });
    expect(fake.callsOf('signOutMember')).toEqual([]);
    await act(async () => typeDigits('9999'));
    await press('select');
    expect(await within(pin).findByText('That PIN is not right. Try again.')).toBeTruthy();
    expect(fake.state().household.members.map((m) => m.key)).toContain(mei?.key);
    await act(async () => typeDigits('1234'));
    await press('select');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(fake.callsOf('signOutMember').map((call) => call.args)).toEqual([
      [mei?.key, '9999'],
      [mei?.key, '1234'],
    ]);
    expect(fake.state().household.members.map((m) => m.key)).not.toContain(mei?.key);
  });

  it('Cancel on the PIN signs nobody out; Add a member and Sign out in Settings ask for it too', async () => {
    const { fake } = renderApp({ scenario: 'child', language: 'en', territory: 'SG', screens: [{ name: 'settings' }] });
    await screen.findByRole('button', { name: 'Add a member' });
    await expectFocus(SCREEN_FOCUS.settings);
    await act(async () => setFocus('settings-add-member'));
    await press('select');
    await screen.findByRole('dialog', { name: 'Enter the PIN' });
    expect(fake.callsOf('addMember')).toEqual([]);
    await press('back');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await expectFocus('settings-add-member');
    expect(fake.state().household.adding).toBeUndefined();

    await act(async () => setFocus('settings-sign-out'));
    await press('select');
    await screen.findByRole('dialog', { name: `Sign ${sophie?.name} out of this TV?` });
    await expectFocus('sign-out-cancel');
    await act(async () => setFocus('sign-out-confirm'));
    await press('select');
    await screen.findByRole('dialog', { name: 'Enter the PIN' });
    await expectFocus('pin-digit:0');
    await act(async () => setFocus('pin-cancel'));
    await press('select');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(fake.callsOf('signOut')).toEqual([]);
    expect(fake.state().household.members.map((m) => m.key)).toContain(sophie?.key);
    expect(screen.getByRole('heading', { name: 'Settings' })).toBeTruthy();

    await act(async () => setFocus('settings-add-member'));
    await press('select');
    await screen.findByRole('dialog', { name: 'Enter the PIN' });
    await act(async () => typeDigits('1234'));
    await press('select');
    expect(await screen.findByRole('heading', { name: 'Add a member' })).toBeTruthy();
    expect(fake.callsOf('addMember').map((call) => call.args)).toEqual([['1234']]);
  });

  it('starting on the last member is asked for with the PIN too', async () => {
    const { fake } = renderApp({ scenario: 'child', language: 'en', territory: 'SG', screens: [{ name: 'settings' }] });
    await screen.findByRole('button', { name: 'Start on the last member' });
    await expectFocus(SCREEN_FOCUS.settings);
    await act(async () => setFocus('skip-chooser:on'));
    await press('select');
    await screen.findByRole('dialog', { name: 'Enter the PIN' });
    expect(fake.callsOf('setSkipChooser')).toEqual([]);
    await act(async () => typeDigits('1234'));
    await press('select');
    await waitFor(() => expect(fake.state().household.skipChooser).toBe(true));
    expect(fake.callsOf('setSkipChooser').map((call) => call.args)).toEqual([[true, '1234']]);
  });
});

describe('Add a member', () => {
  it("shows the pairing's code under its own title; Back cancels and returns to Settings", async () => {
    const { fake } = renderApp({ scenario: 'household', language: 'en', territory: 'SG', screens: [{ name: 'settings' }] });
    const add = await screen.findByRole('button', { name: 'Add a member' });
    await expectFocus(SCREEN_FOCUS.settings);
    await act(async () => setFocus('settings-add-member'));
    await press('select');
    expect(await screen.findByRole('heading', { name: 'Add a member' })).toBeTruthy();
    expect(screen.getByTestId('user-code').textContent).toBe('WDJB-MJHT');
    expect(screen.getByTestId('countdown')).toBeTruthy();
    expect(add.isConnected).toBe(false);
    await press('back');
    expect(fake.callsOf('cancelAddMember')).toHaveLength(1);
    expect(await screen.findByRole('heading', { name: 'Settings' })).toBeTruthy();
    await expectFocus('settings-add-member');
  });

  it('once the phone approves, opens the new member’s Home', async () => {
    const { fake } = renderApp({ scenario: 'household', language: 'zh-Hant', screens: [{ name: 'settings' }] });
    await screen.findByRole('button', { name: '新增成員' });
    await expectFocus(SCREEN_FOCUS.settings);
    await act(async () => setFocus('settings-add-member'));
    await press('select');
    expect(await screen.findByRole('heading', { name: '新增成員' })).toBeTruthy();
    act(() => fake.approveAdding('小芳'));
    await waitFor(() => expect(headerName()).toBe('小芳'));
    expect(screen.queryByRole('heading', { name: '設定' })).toBeNull();
  });

  it('starts on the code, as Pairing does, once the code arrives, not on Cancel', async () => {
    const { fake } = renderApp({ scenario: 'household', language: 'en', territory: 'SG', screens: [{ name: 'settings' }] });
    await screen.findByRole('button', { name: 'Add a member' });
    await expectFocus(SCREEN_FOCUS.settings);
    await act(async () => setFocus('settings-add-member'));
    await press('select');
    const withCode = fake.state().household.adding;
    if (withCode === undefined) throw new Error('Add a member did not start');
    // As the core answers: first asking the service for a code, then the code.
    act(() => fake.setState({ household: { ...fake.state().household, adding: { ...withCode, pairing: { status: 'requesting-code', attempt: 1 } } } }));
    await waitFor(() => expect(screen.queryByTestId('user-code')?.textContent ?? '').not.toBe('WDJB-MJHT'));
    act(() => fake.setState({ household: { ...fake.state().household, adding: withCode } }));
    expect(await screen.findByText('WDJB-MJHT')).toBeTruthy();
    await expectFocus('pairing-code');
    // OK on the code says it again; it does not cancel.
    await press('select');
    expect(fake.callsOf('cancelAddMember')).toHaveLength(0);
  });

  it('says whose sign-in it renews when a member pairs again', async () => {
    renderApp({ scenario: 'add-again', language: 'en', territory: 'SG' });
    expect(await screen.findByRole('heading', { name: `Sign in again, ${david?.name}` })).toBeTruthy();
  });
});

describe("Settings' members part", () => {
  it("a child's profile: explicit tracks hidden with the reason, and unmarking asks for the PIN", async () => {
    const { fake } = renderApp({ scenario: 'child', language: 'en', territory: 'SG', screens: [{ name: 'settings' }] });
    const show = await screen.findByRole('button', { name: 'Show' });
    await expectFocus(SCREEN_FOCUS.settings);
    expect(show.hasAttribute('disabled')).toBe(true);
    expect(screen.getByText("Always hidden on a child's profile.")).toBeTruthy();
    await act(async () => setFocus('child:off'));
    await press('select');
    await screen.findByRole('dialog', { name: 'Enter the PIN' });
    await expectFocus('pin-digit:0');
    await act(async () => typeDigits('1234'));
    await expectFocus('pin-digit:3');
    await press('select');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(fake.callsOf('setChild').map((call) => call.args)).toEqual([
      [sophie?.key, false, undefined],
      [sophie?.key, false, '1234'],
    ]);
    await waitFor(() => expect(screen.getByRole('button', { name: 'Show' }).hasAttribute('disabled')).toBe(false));
  });

  it('sets a PIN, then changing it asks for the current one first', async () => {
    const { fake } = renderApp({ scenario: 'household', language: 'en', territory: 'SG', screens: [{ name: 'settings' }] });
    await screen.findByText('No PIN yet: set one to make a child\'s profile.');
    await expectFocus(SCREEN_FOCUS.settings);
    await act(async () => setFocus('child:on'));
    await press('select');
    expect(await screen.findByText('Set a PIN first: it keeps a child\'s profile from being changed or left.')).toBeTruthy();
    await act(async () => setFocus('settings-pin'));
    await press('select');
    await screen.findByRole('dialog', { name: 'Choose a new PIN' });
    await act(async () => typeDigits('4321'));
    await press('select');
    await screen.findByRole('dialog', { name: 'Enter the new PIN again' });
    await act(async () => typeDigits('4321'));
    await press('select');
    expect(await screen.findByText('PIN set.')).toBeTruthy();
    await expectFocus('settings-pin');
    await press('select');
    await screen.findByRole('dialog', { name: 'Enter the current PIN' });
    await act(async () => typeDigits('0000'));
    await press('select');
    await screen.findByRole('dialog', { name: 'Choose a new PIN' });
    await act(async () => typeDigits('5555'));
    await press('select');
    await screen.findByRole('dialog', { name: 'Enter the new PIN again' });
    await act(async () => typeDigits('5555'));
    await press('select');
    // The current PIN was wrong: asked again, saying so.
    const again = await screen.findByRole('dialog', { name: 'Enter the current PIN' });
    expect(within(again).getByText('That PIN is not right. Try again.')).toBeTruthy();
    expect(fake.callsOf('setPin').map((call) => call.args)).toEqual([
      ['4321', undefined],
      ['5555', '0000'],
    ]);
    await act(async () => setFocus('skip-chooser:on'));
    await press('back');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await act(async () => setFocus('skip-chooser:on'));
    await press('select');
    expect(fake.callsOf('setSkipChooser').map((call) => call.args)).toEqual([[true, undefined]]);
  });
});

describe('a new PIN', () => {
  it('is asked twice: two that differ set nothing and ask again; the same twice says "PIN set", shown and aloud, and what to do if it is forgotten', async () => {
    const { fake } = renderApp({ scenario: 'household', language: 'en', territory: 'SG', screens: [{ name: 'settings' }], voiceGuidance: true });
    const spoken = (): string[] => fake.callsOf('speak').map((call) => runsText((call.args[0] as SpeechRequest).runs));
    await screen.findByText("No PIN yet: set one to make a child's profile.");
    await act(async () => setFocus('settings-pin'));
    await press('select');
    await screen.findByRole('dialog', { name: 'Choose a new PIN' });
    await act(async () => typeDigits('2580'));
    await press('select');
    await screen.findByRole('dialog', { name: 'Enter the new PIN again' });
    await act(async () => typeDigits('2581'));
    await press('select');
    const again = await screen.findByRole('dialog', { name: 'Choose a new PIN' });
    expect(within(again).getByText('The two PINs were not the same. Choose the new PIN again.')).toBeTruthy();
    expect(fake.callsOf('setPin')).toEqual([]);
    expect(fake.state().household.pinSet).toBe(false);
    await act(async () => typeDigits('2580'));
    await press('select');
    await screen.findByRole('dialog', { name: 'Enter the new PIN again' });
    await act(async () => typeDigits('2580'));
    await press('select');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(fake.callsOf('setPin').map((call) => call.args)).toEqual([['2580', undefined]]);
    expect(screen.getByText('PIN set.').getAttribute('role')).toBe('status');
    await vi.waitFor(() => expect(spoken()).toContain('PIN set.'));
    expect(screen.getByText('Forgotten it? An adult resets it where Tunewall is installed: see “A forgotten PIN” in the guide.')).toBeTruthy();
    await expectFocus('settings-pin');
  });
});

describe('Add a member, with voice guidance', () => {
  it('says its title and the code, and the code again on OK', async () => {
    const { fake } = renderApp({ scenario: 'add-member', language: 'en', territory: 'SG', voiceGuidance: true });
    const spoken = (): string[] => fake.callsOf('speak').map((call) => runsText((call.args[0] as SpeechRequest).runs));
    await vi.waitFor(() => expect(spoken()).toContain('Add a member'));
    await vi.waitFor(() => expect(spoken().some((text) => /W.*D.*J.*B/.test(text))).toBe(true));
    await expectFocus('pairing-code');
    const before = spoken().length;
    await press('select');
    await vi.waitFor(() => expect(spoken().slice(before).some((text) => /W.*D.*J.*B/.test(text))).toBe(true));
    expect(spoken()).not.toContain('Signed out.');
  });
});

describe('signing out the one on screen', () => {
  it('from Settings signs out only them, and the chooser shows the others', async () => {
    const { fake } = renderApp({ scenario: 'household', language: 'en', territory: 'SG', screens: [{ name: 'settings' }] });
    await screen.findByRole('button', { name: 'Sign out' });
    await expectFocus(SCREEN_FOCUS.settings);
    await act(async () => setFocus('settings-sign-out'));
    await press('select');
    await screen.findByRole('dialog', { name: `Sign ${mei?.name} out of this TV?` });
    await expectFocus('sign-out-cancel');
    await act(async () => setFocus('sign-out-confirm'));
    await press('select');
    expect(await screen.findByRole('heading', { name: "Who's listening?" })).toBeTruthy();
    expect(fake.callsOf('signOut')).toHaveLength(1);
    expect(screen.queryByRole('button', { name: new RegExp(`^${mei?.name ?? ''}`) })).toBeNull();
    expect(screen.getByRole('button', { name: `${arif?.name}, 1 of 5` })).toBeTruthy();
  });
});

describe('Add a member from the chooser at start', () => {
  it('Back returns to the chooser with focus on "Add a member"', async () => {
    const { fake } = renderApp({ scenario: 'chooser', language: 'en', territory: 'SG' });
    await expectFocus(profile(arif?.key));
    await act(async () => setFocus('profile-add'));
    await press('select');
    expect(await screen.findByRole('heading', { name: 'Add a member' })).toBeTruthy();
    await press('back');
    expect(fake.callsOf('cancelAddMember')).toHaveLength(1);
    expect(await screen.findByRole('heading', { name: "Who's listening?" })).toBeTruthy();
    await expectFocus('profile-add');
  });
});
