/**
 * The fake bridge's first state for each scenario: who is signed in (or pairing, and how), the configuration problems,
 * the storage, the shell's voices and the household, as the core would report them.
 */
import QRCode from 'qrcode';
import type { AppState, AuthState, Language, QrMatrix, ShellVoiceView, UiError } from '../../shared/bridge';
import type { Territory } from '../../shared/territory';
import { fakeCompanionView } from './fakeCompanion';
import type { FakeMember } from './fakeData';
import { memberFor } from './fakeData';
import type { FakeOptions, FakeScenario } from './fakeBridge';
import { memberView, type HouseholdScenario } from './fakeHousehold';

/** espeak-ng's voices as a machine with every voice installed has them, with the readings that make hanzi and kanji readable. */
const ALL_SHELL_VOICES: ShellVoiceView[] = [
  { lang: 'en-US', engine: 'espeak-ng', voice: 'en-us', readings: undefined, available: true },
  { lang: 'zh-TW', engine: 'espeak-ng', voice: 'cmn-latn-pinyin', readings: 'pinyin-pro', available: true },
  { lang: 'zh-HK', engine: 'espeak-ng', voice: 'yue', readings: undefined, available: true },
  { lang: 'zh-SG', engine: 'espeak-ng', voice: 'cmn-latn-pinyin', readings: 'pinyin-pro', available: true },
  { lang: 'ja-JP', engine: 'espeak-ng', voice: 'ja', readings: 'kuromoji', available: true },
  { lang: 'ko-KR', engine: 'espeak-ng', voice: 'ko', readings: undefined, available: true },
];
/** The UI language each language of speech stands with, for a fake shell that has only some UI languages' voices. */
const VOICE_UI_LANGUAGE: Record<ShellVoiceView['lang'], Language | undefined> = {
  'en-US': 'en',
  'zh-TW': 'zh-Hant',
  'zh-HK': 'zh-Hant',
  'zh-SG': 'zh-Hant',
  'ja-JP': 'ja',
  'ko-KR': undefined,
};

function fakeShellVoices(languages: readonly Language[]): ShellVoiceView[] {
  return ALL_SHELL_VOICES.map((voice) => {
    const ui = VOICE_UI_LANGUAGE[voice.lang];
    return { ...voice, available: ui === undefined || languages.includes(ui) };
  });
}

export function qrMatrix(text: string): QrMatrix {
  const { modules } = QRCode.create(text, { errorCorrectionLevel: 'M' });
  let bits = '';
  for (let i = 0; i < modules.data.length; i++) bits += modules.data[i] ? '1' : '0';
  return { size: modules.size, modules: bits };
}

export const NETWORK_ERROR: UiError = {
  kind: 'network',
  message: 'Tunewall cannot reach the music service. Check the network connection.',
  messageKey: 'network',
  retryable: true,
};

/** A pairing in progress: the code, its QR and its time left. */
export function pairingAuth(now: number, poll: 'waiting' | 'retrying' = 'waiting'): Extract<AuthState, { status: 'pairing' }> {
  const verificationUrl = 'https://account.example.com/device';
  return {
    status: 'pairing',
    code: {
      userCode: 'WDJBMJHT',
      verificationUrl,
      shortVerificationUrl: 'https://exm.pl/d',
      qr: qrMatrix(`${verificationUrl}?user_code=WDJB-MJHT`),
      expiresAt: now + 9 * 60_000 + 41_000,
    },
    poll,
    retryAt: poll === 'retrying' ? now + 8_000 : undefined,
    renewals: 0,
  };
}

/** The household a scenario starts with. */
export function householdScenarioOf(scenario: FakeScenario): HouseholdScenario {
  return scenario === 'guest' || scenario === 'chooser' || scenario === 'child' || scenario === 'household'
    ? scenario
    : scenario === 'add-member' || scenario === 'add-again'
      ? scenario
      : ['home', 'offline', 'row-error', 'config'].includes(scenario)
        ? 'signed-in'
        : 'nobody';
}

/** The sign-in state a scenario starts in. */
export function fakeAuth(scenario: FakeScenario, now: () => number, members: readonly FakeMember[], territory: Territory): AuthState {
  switch (scenario) {
    case 'pairing':
      return pairingAuth(now());
    case 'pairing-retrying':
      return pairingAuth(now(), 'retrying');
    case 'denied':
      return { status: 'denied', message: 'Sign-in was declined on the other device. Press OK to get a new code.', messageKey: 'denied' };
    case 'expired':
      return { status: 'expired', message: 'The sign-in code expired. Press OK to get a new one.', messageKey: 'codeExpired' };
    case 'signed-out':
      return {
        ...pairingAuth(now()),
        notice: { reason: 'signed-out', message: 'You were signed out by the music service. Scan the code to sign in again.' },
      };
    case 'sign-in-expired':
      return { ...pairingAuth(now()), notice: { reason: 'expired', message: 'Your sign-in expired. Scan the code to sign in again.' } };
    case 'sign-in-interrupted':
      return {
        ...pairingAuth(now()),
        notice: { reason: 'interrupted', message: 'Tunewall was interrupted while renewing your sign-in. Scan the code to sign in again.' },
      };
    case 'requesting':
      return { status: 'requesting-code', attempt: 1 };
    case 'guest':
      return { status: 'signed-in', mode: 'guest', member: undefined };
    case 'chooser':
      return { status: 'choosing' };
    case 'child': {
      const child = members.find((m) => m.child);
      return { status: 'signed-in', mode: 'member', member: child === undefined ? undefined : memberView(child, territory) };
    }
    default:
      return { status: 'signed-in', mode: 'member', member: memberFor(territory) };
  }
}

/** Two configuration problems, as the core reports a mistyped API address and territory. */
function configProblems(): AppState['configProblems'] {
  return [
    {
      key: 'TUNEWALL_API_URL',
      message: 'is not a URL; using the default.',
      fix: 'Give the catalog API address as https://host, without /v1.1 (http:// only for this machine).',
      messageKey: 'config.notUrl',
      fixKey: 'configFix.apiUrl',
      params: { context: 'default' },
    },
    {
      key: 'TUNEWALL_TERRITORY',
      message: 'is not one of the accepted values; using the default.',
      fix: 'Use one of TW, HK, SG, MY, JP.',
      messageKey: 'config.notAccepted',
      fixKey: 'configFix.territory',
      params: { context: 'default', territories: 'TW, HK, SG, MY, JP' },
    },
  ];
}

/** Where the tokens are kept: under the kiosk shell's key file, or in memory only for want of a keyring. */
function fakeStorage(keyFile: boolean): AppState['storage'] {
  return keyFile ? {
    protection: 'key-file',
    reason: undefined,
    params: { path: '/run/credentials/tunewall.service/tunewall-vault-key' },
  } : {
    protection: 'memory',
    reason: 'This system has no keyring to protect the sign-in, so Tunewall keeps it in memory only and you sign in again after each restart. To keep it across restarts with weaker protection, set the storage policy to allow-weak (TUNEWALL_STORAGE_POLICY=allow-weak or --storage-policy=allow-weak).',
    reasonKey: 'storage.noKeyring',
  };
}

/** The whole first state of a scenario with these options. */
export function initialState(
  options: FakeOptions,
  scenario: FakeScenario,
  now: () => number,
  household: { members: FakeMember[]; view: AppState['household'] },
  territory: Territory,
): AppState {
  return {
    auth: fakeAuth(scenario, now, household.members, territory),
    configProblems: scenario === 'config' || options.configProblems === true ? configProblems() : [],
    network: scenario === 'offline' ? { online: false, retryAt: now() + 12_000 } : { online: true, retryAt: undefined },
    storage: fakeStorage(options.keyFile === true),
    territory,
    language: options.language ?? 'auto',
    display: { textSize: 100, highContrast: false },
    systemLocale: 'en-US',
    guestModeAvailable: true,
    sandbox: { approveUrl: 'http://192.168.1.20:4780/device' },
    kiosk: { enabled: options.kiosk ?? false, idleSeconds: options.idleSeconds ?? 120 },
    household: options.explicit === undefined ? household.view : { ...household.view, explicit: options.explicit },
    voiceGuidance: {
      enabled: options.voiceGuidance ?? false,
      shellEngine: 'espeak-ng',
      shellLanguages: options.shellLanguages ?? ['en', 'zh-Hant', 'ja'],
      shellVoices: fakeShellVoices(options.shellLanguages ?? ['en', 'zh-Hant', 'ja']),
    },
    companion: fakeCompanionView(options, household.view.active, now()),
    version: '0.1.0',
  };
}
