// @vitest-environment jsdom
/**
 * The phone page as a person meets it: the code form when the phone is not paired, the words of a refusal, a phone the
 * TV forgot told to pair again (its credential gone), and a TV that cannot be reached said in a status line.
 */
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, describe, expect, it } from 'vitest';
import type { PairingState } from '../../../renderer/phone/src/api/pairing';
import { App } from '../../../renderer/phone/src/components/App';
import { createPhoneI18n } from '../../../renderer/phone/src/i18n';
import type { PhoneLanguage } from '../../../renderer/phone/src/i18n/language';
import { CREDENTIAL, fakeTv, json, memoryCredentials, type Route } from './support';

afterEach(cleanup);

function page(routes: Record<string, Route>, first: PairingState, stored?: string, language: PhoneLanguage = 'en') {
  const tv = fakeTv(routes);
  const credentials = memoryCredentials(stored);
  render(
    <I18nextProvider i18n={createPhoneI18n(language)}>
      <App env={{ fetch: tv.fetch, credentials, language, random: () => 0 }} first={Promise.resolve(first)} />
    </I18nextProvider>,
  );
  return { tv, credentials };
}

const HOME = { 'GET /api/home': () => json(200, { rows: [], memberOnScreen: false }), 'GET /api/me': () => json(200, { id: 'p1', memberKey: 'guest' }) };

describe('the phone page', () => {
  it('pairs with the typed code; a wrong one is said in words, with the field marked', async () => {
    const codes: unknown[] = [];
    const { tv, credentials } = page(
      {
        ...HOME,
        'POST /api/pair': (r) => {
          codes.push(r.body);
          return codes.length === 1 ? json(401, { error: 'pairing refused: wrong' }) : json(200, { credential: CREDENTIAL, phone: { id: 'p1', memberKey: 'guest' } });
        },
      },
      { paired: false, refusal: undefined },
    );
    const field = await screen.findByLabelText('Six-digit code from the TV');
    fireEvent.change(field, { target: { value: '123456' } });
    fireEvent.click(screen.getByRole('button', { name: 'Connect' }));
    const said = await screen.findByText('That is not the code on the TV. Check the six digits and try again.');
    expect(said.getAttribute('role')).toBe('alert');
    expect(field.getAttribute('aria-invalid')).toBe('true');
    fireEvent.change(field, { target: { value: '654321' } });
    fireEvent.click(screen.getByRole('button', { name: 'Connect' }));
    expect(await screen.findByRole('navigation', { name: 'Sections' })).toBeTruthy();
    expect(codes).toEqual([{ code: '123456' }, { code: '654321' }]);
    expect(credentials.value).toBe(CREDENTIAL);
    // Home asks for its rows once it is drawn (an effect): under load, after the sections appear.
    await waitFor(() => expect(tv.sent.filter((r) => r.path === '/api/home')[0]?.headers.authorization).toBe(`Bearer ${CREDENTIAL}`));
  });

  it('a kept credential the TV no longer knows: dropped, and the phone told to pair again from the TV', async () => {
    const refused = () => json(401, { error: 'unknown credential' });
    const { credentials } = page({ 'GET /api/home': refused, 'GET /api/me': refused, 'GET /api/events': refused }, { paired: true }, CREDENTIAL);
    expect(await screen.findByText('This phone is no longer connected to the TV; pair it again from the TV’s “Use your phone”.')).toBeTruthy();
    expect(screen.getByLabelText('Six-digit code from the TV')).toBeTruthy();
    expect(credentials.value).toBeUndefined();
  });

  it('a TV that cannot be reached is said in a status line, in the page’s language', async () => {
    const { tv } = page(HOME, { paired: true }, CREDENTIAL, 'ja');
    tv.state.unreachable = true;
    const status = await screen.findByText('テレビに接続できません。再試行しています…');
    expect(status.getAttribute('role')).toBe('status');
    tv.state.unreachable = false;
    await act(async () => undefined);
  });
});
