/**
 * Configuration problems as the screen and the log say them: the key as written (shown apart, so the words never
 * repeat it), what is wrong and what Tunewall does instead, and how to fix it. Each has a key of the renderer's catalog
 * (`errors.config.<issue>`, `errors.configFix.<fix>`) with its parameters, and the English text as the fallback.
 */
import type { ConfigProblem } from '../../../shared/bridge';
import { TERRITORIES } from '../../../shared/territory';
import type { MessageParams } from '../errors';
import { SETTINGS, type SettingKey } from './config';

/** What is wrong with a value, in English, by key (`errors.config.<key>`). */
export const CONFIG_ISSUES = {
  empty: 'is empty',
  notUrl: 'is not a URL',
  // The words name no part of the value: it holds a secret.
  hasCredentials: 'carries a user name or password in the address; give the client id and secret as their own settings',
  insecureHttp: 'uses http:// for a host that is not this machine; tokens travel only over TLS',
  badScheme: (p: { scheme: string }) => `uses ${p.scheme}, not https://`,
  notBoolean: 'is not true or false',
  idleSeconds: 'is not a whole number of seconds from 0 (off) to 86400',
  textSize: 'is not 100, 125 or 150 (percent)',
  ipAddress: 'is not an IP address of this TV (a name is not accepted)',
  port: 'is not a port from 1024 to 65535',
  notAccepted: 'is not one of the accepted values',
  wrongType: 'has the wrong type',
  invalid: 'is not valid',
} as const;
export type ConfigIssue = keyof typeof CONFIG_ISSUES;

/**
 * What Tunewall does about a bad value: the next source's value (or the default when that is bad too), or the default.
 * The renderer's catalog has one sentence per issue and fallback (`errors.config.<issue>_<fallback>`, i18next's context).
 */
export type ConfigFallback = 'next' | 'default';
const FALLBACK_TEXT: Record<ConfigFallback, string> = {
  next: 'using the next source or the default',
  default: 'using the default',
};

/** Problems that are not about one bad value, in English, by key (`errors.config.<key>`). */
export const CONFIG_MESSAGES = {
  urlWithoutCredentials: 'is set but there is no client id and secret; using the built-in sandbox.',
  idWithoutSecret: 'is set without a client secret; using the built-in sandbox.',
  secretWithoutId: 'is set without a client id; using the built-in sandbox.',
  addressMissing: 'is missing or not valid; using the built-in sandbox.',
  fileUnreadable: (p: { detail: string }) => `cannot be read (${p.detail}); the file is ignored.`,
  fileNotJson: (p: { detail: string }) => `is not valid JSON (${p.detail}); the file is ignored.`,
  fileNotObject: 'does not hold a JSON object; the file is ignored.',
  unknownSetting: 'is not a Tunewall setting; it is ignored.',
  sandboxFailed: 'is not set, and the built-in demo service could not start.',
  kioskMemberUnknown: 'names no member signed in on this TV; the guest, or else the last chosen member, is shown instead.',
  moreProblems: (p: { count: number }) => `has ${p.count} more problems, not listed here.`,
} as const;

/** How to fix each problem, in English, by key (`errors.configFix.<key>`). */
export const CONFIG_FIXES = {
  clientId: 'Set the App ID from the developer console, or remove it to use the built-in sandbox.',
  clientSecret: 'Set the App Secret from the developer console, or remove it to use the built-in sandbox.',
  authUrl: 'Give the token service address as https://host (http:// only for this machine).',
  apiUrl: 'Give the catalog API address as https://host, without /v1.1 (http:// only for this machine).',
  qrUrl: 'Give the QR generator address as https://host, or remove it (Tunewall draws QR codes itself).',
  territory: (p: { territories: string }) => `Use one of ${p.territories}.`,
  deviceFlowDialect: 'Use documented (the service as documented) or rfc8628 (a standard OAuth 2.0 server).',
  guestMode: 'Use true or false.',
  storagePolicy: 'Use os-keyring (default), allow-weak, or memory.',
  kiosk: 'Use true or false.',
  fullscreen: 'Use true or false.',
  idleSeconds: 'Use a whole number of seconds from 0 (off) to 86400.',
  language: 'Use en, zh-Hant, ja, auto (the system’s language) or territory (the territory’s language).',
  textSize: 'Use 100, 125 or 150.',
  highContrast: 'Use true or false.',
  vaultKeyFile: 'Give the path of a file holding a 32-byte key.',
  voiceGuidance: 'Use true or false, or remove it (on where a screen reader is running).',
  skipChooser: 'Use true or false.',
  kioskMember: 'Use guest, or the name of a member signed in on this TV (at most 100 characters).',
  resetPin: 'Use true or false, and remove it once a new PIN is set.',
  companion: 'Use off, on (listening from the start) or pin-required (every phone paired with the PIN), or remove it (a phone is paired when someone asks; never in a kiosk).',
  companionHost: 'Use one of this TV’s IP addresses, such as 192.168.1.20, or 0.0.0.0 for every network.',
  companionPort: 'Use a port from 1024 to 65535 that nothing else on this TV uses.',
  addCredentials: 'Set TUNEWALL_CLIENT_ID and TUNEWALL_CLIENT_SECRET too, or remove the service addresses.',
  addSecret: 'Set TUNEWALL_CLIENT_SECRET (or --client-secret) too, or remove the client id.',
  addId: 'Set TUNEWALL_CLIENT_ID (or --client-id) too, or remove the client secret.',
  fileUnreadable: 'Make the file readable by Tunewall, or remove it.',
  fileNotJson: 'Fix the JSON (a single object such as {"territory": "JP"}), or remove the file.',
  fileNotObject: 'Write the settings as one object, such as {"territory": "JP"}.',
  unknownSetting: (p: { settings: string }) => `Use one of: ${p.settings}.`,
  sandboxFailed: 'Set TUNEWALL_CLIENT_ID and TUNEWALL_CLIENT_SECRET (and the service URLs), or restart Tunewall.',
  moreProblems: 'Fix the problems above (most often a config file with keys that are not Tunewall settings), then restart Tunewall.',
} as const satisfies Record<SettingKey, unknown> & Record<string, unknown>;
export type ConfigFix = keyof typeof CONFIG_FIXES;

/** A text with parameters is a function of them; `params` must hold what it names (callers pass them by key). */
type Text = string | ((params: never) => string);

function english(text: Text, params: MessageParams): string {
  return typeof text === 'string' ? text : (text as (p: MessageParams) => string)(params);
}

/** The parameters every fix may use: the lists it names. */
const FIX_PARAMS = { territories: TERRITORIES.join(', '), settings: Object.keys(SETTINGS).join(', ') };

function problem(key: string, message: { key: string; text: string; params?: MessageParams }, fix: ConfigFix): ConfigProblem {
  const params = { ...message.params, ...FIX_PARAMS };
  return {
    key,
    message: message.text,
    fix: english(CONFIG_FIXES[fix], FIX_PARAMS),
    messageKey: `config.${message.key}`,
    fixKey: `configFix.${fix}`,
    params,
  };
}

/** A value that did not pass its setting's check. */
export function invalidValue(
  key: string,
  setting: SettingKey,
  issue: ConfigIssue,
  fallback: ConfigFallback,
  issueParams: MessageParams = {},
): ConfigProblem {
  const params: MessageParams = { ...issueParams, context: fallback };
  const text = `${english(CONFIG_ISSUES[issue], params)}; ${FALLBACK_TEXT[fallback]}.`;
  return problem(key, { key: issue, text, params }, setting);
}

/** Any other problem: CONFIG_MESSAGES by key, with the fix that goes with it. */
export function configProblem(
  key: string,
  message: keyof typeof CONFIG_MESSAGES,
  fix: ConfigFix,
  params: MessageParams = {},
): ConfigProblem {
  return problem(key, { key: message, text: english(CONFIG_MESSAGES[message], params), params }, fix);
}
