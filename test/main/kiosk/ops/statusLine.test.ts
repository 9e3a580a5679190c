/** The STATUS= line systemctl shows: where the display is, who is signed in, online or for how long not. */
import { describe, expect, it } from 'vitest';
import { createOpsStatus } from '../../../../main/kiosk/ops/status';
import { statusLine } from '../../../../main/kiosk/ops/statusLine';
import type { AppState } from '../../../../shared/bridge';

const BASE: Omit<AppState, 'auth'> = {
  configProblems: [],
  network: { online: true, retryAt: undefined },
  storage: { protection: 'memory', reason: undefined },
  territory: 'TW',
  language: 'en',
  systemLocale: 'en-US',
  guestModeAvailable: true,
  sandbox: undefined,
  kiosk: { enabled: true, idleSeconds: 300 },
  household: { members: [], guest: { available: true, child: false }, active: undefined, lastChosen: undefined, skipChooser: false, pinSet: false, explicit: 'show', adding: undefined },
  voiceGuidance: { enabled: false, shellEngine: undefined, shellLanguages: [], shellVoices: [] },
  companion: { available: true, listening: false, pinRequired: false, phones: [] },
  display: { textSize: 100, highContrast: false },
  version: '0.1.0',
};

function state(auth: AppState['auth'], online = true): AppState {
  return { ...BASE, auth, network: { online, retryAt: undefined } };
}

describe('the status line', () => {
  it('reads as a person would say it', () => {
    let now = 1_000_000;
    const status = createOpsStatus(() => now);
    status.noteState(state({ status: 'signed-in', mode: 'guest', member: undefined }));
    status.noteHeartbeat({ screen: 'home', problem: 'none' });
    expect(statusLine(status.facts(), now, 15_000)).toBe('Home · guest · online');

    status.noteState(state({ status: 'signed-in', mode: 'guest', member: undefined }, false));
    now += 4 * 60_000 + 5_000;
    status.noteHeartbeat({ screen: 'home', problem: 'none' });
    expect(statusLine(status.facts(), now, 15_000)).toBe('Offline for 4 min');

    status.noteState({
      ...state({ status: 'signed-in', mode: 'member', member: undefined }),
      auth: {
        status: 'pairing',
        code: { userCode: 'ABCD-EFGH', verificationUrl: 'https://x', shortVerificationUrl: undefined, qr: { size: 1, modules: [] } },
        poll: 'waiting',
        retryAt: undefined,
        renewals: 0,
      },
    } as unknown as AppState);
    expect(statusLine(status.facts(), now, 15_000)).toBe('Pairing · code ABCD-EFGH');
  });

  it('says when the chooser is up, and how many members (never who)', () => {
    const status = createOpsStatus(() => 0);
    const member = { key: 'k', name: '林語彤', images: [], child: false, needsPairing: false };
    status.noteState({ ...state({ status: 'choosing' }), household: { ...BASE.household, members: [member, { ...member, key: 'j' }] } });
    expect(statusLine(status.facts(), 0, 15_000)).toBe("Who's listening? · 2 members");
  });

  it('says when the page stopped answering, and when it shows an error', () => {
    let now = 0;
    const status = createOpsStatus(() => now);
    status.noteState(state({ status: 'signed-in', mode: 'member', member: undefined }));
    status.noteHeartbeat({ screen: 'detail', problem: 'error' });
    now = 70_000;
    expect(statusLine(status.facts(), now, 80_000)).toBe('Detail · member · online · error on screen for 1 min');
    now = 100_000;
    expect(statusLine(status.facts(), now, 15_000)).toBe('Detail · member · online · screen not answering for 1 min');
  });
});
