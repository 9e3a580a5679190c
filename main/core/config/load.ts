/**
 * Loads the configuration from the environment, a JSON file and command-line flags (flags win, then the file, then
 * the environment). Never throws: every problem becomes a ConfigProblem with a fix in plain words, and the setting
 * falls back to the next source that has a valid value, or to a safe default.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';
import type { ConfigProblem } from '../../../shared/bridge';
import { TERRITORIES, TerritorySchema } from '../../../shared/territory';
import { STORAGE_POLICIES } from '../vault/tokenVault';
import { DEFAULT_CONFIG, SETTINGS, type ServiceConfig, type SettingKey, type TunewallConfig } from './config';

export interface LoadConfigInput {
  env: Record<string, string | undefined>;
  /** The process's arguments; anything that is not a Tunewall flag (Chromium switches, paths) is ignored. */
  argv: readonly string[];
  /** The config file's text; undefined when there is no file. */
  fileText?: string | undefined;
  /** Where the file is, for messages. */
  filePath?: string | undefined;
  /** The file exists but could not be read. */
  fileReadError?: string | undefined;
}

export interface LoadConfigResult {
  config: TunewallConfig;
  problems: ConfigProblem[];
}

const BOOLEAN_WORDS: Record<string, boolean> = {
  true: true,
  '1': true,
  yes: true,
  on: true,
  false: false,
  '0': false,
  no: false,
  off: false,
};

const BooleanSetting = z.union([
  z.boolean(),
  z
    .string()
    .transform((s) => s.trim().toLowerCase())
    .refine((s) => s in BOOLEAN_WORDS, { message: 'expected true or false' })
    .transform((s) => BOOLEAN_WORDS[s] === true),
]);

const TextSetting = z.string().trim().min(1, { message: 'is empty' });

/**
 * This machine: 127.0.0.0/8, ::1 and the literal `localhost`, as a parsed URL spells them. Not `*.localhost`: glibc
 * resolves those through DNS, which may answer with any address.
 */
function isLoopback(hostname: string): boolean {
  if (hostname === 'localhost' || hostname === '[::1]') return true;
  const octets = /^127\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/.exec(hostname);
  return octets !== null && octets.slice(1).every((o) => Number(o) <= 255);
}

/** An https URL, or http on a loopback host (the sandbox): tokens travel only over TLS. */
const UrlSetting = TextSetting.superRefine((value, ctx) => {
  let url: URL;
  try {
    url = new URL(value);
  } catch (error) {
    void error;
    ctx.addIssue({ code: 'custom', message: 'is not a URL' });
    return;
  }
  if (url.username !== '' || url.password !== '') {
    // The message names no part of the value: it holds a secret.
    ctx.addIssue({
      code: 'custom',
      message: 'carries a user name or password in the address; give the client id and secret as their own settings',
    });
    return;
  }
  if (url.protocol === 'https:') return;
  if (url.protocol === 'http:' && isLoopback(url.hostname)) return;
  if (url.protocol === 'http:') {
    ctx.addIssue({ code: 'custom', message: 'uses http:// for a host that is not this machine; tokens travel only over TLS' });
    return;
  }
  ctx.addIssue({ code: 'custom', message: `uses ${url.protocol}, not https://` });
}).transform((value) => value.replace(/\/+$/, ''));

const IdleSecondsSetting = z.union([z.number(), z.string().trim().regex(/^\d+$/, { message: 'expected a whole number' }).transform(Number)]).pipe(
  z.number().int({ message: 'expected a whole number' }).min(0).max(86_400),
);

const SCHEMAS = {
  clientId: TextSetting,
  clientSecret: TextSetting,
  authUrl: UrlSetting,
  apiUrl: UrlSetting,
  qrUrl: UrlSetting,
  territory: z.string().trim().toUpperCase().pipe(TerritorySchema),
  deviceFlowDialect: z.enum(['documented', 'rfc8628']),
  guestMode: BooleanSetting,
  storagePolicy: z.enum(STORAGE_POLICIES),
  kiosk: BooleanSetting,
  fullscreen: BooleanSetting,
  idleSeconds: IdleSecondsSetting,
  language: z.enum(['en', 'zh-Hant', 'ja', 'auto']),
  vaultKeyFile: TextSetting,
} satisfies Record<SettingKey, z.ZodType>;

type Values = { [K in SettingKey]: z.output<(typeof SCHEMAS)[K]> };

const FIXES: Record<SettingKey, string> = {
  clientId: 'Set the App ID from the developer console, or remove it to use the built-in sandbox.',
  clientSecret: 'Set the App Secret from the developer console, or remove it to use the built-in sandbox.',
  authUrl: 'Give the token service address as https://host (http:// only for this machine).',
  apiUrl: 'Give the catalog API address as https://host, without /v1.1 (http:// only for this machine).',
  qrUrl: 'Give the QR generator address as https://host, or remove it (Tunewall draws QR codes itself).',
  territory: `Use one of ${TERRITORIES.join(', ')}.`,
  deviceFlowDialect: 'Use documented (the service as documented) or rfc8628 (a standard OAuth 2.0 server).',
  guestMode: 'Use true or false.',
  storagePolicy: 'Use os-keyring (default), allow-weak, or memory.',
  kiosk: 'Use true or false.',
  fullscreen: 'Use true or false.',
  idleSeconds: 'Use a whole number of seconds from 0 (off) to 86400.',
  language: 'Use en, zh-Hant, ja, or auto.',
  vaultKeyFile: 'Give the path of a file holding a 32-byte key.',
};

interface Candidate {
  /** The key as written in its source. */
  key: string;
  value: unknown;
}

/** The most problems listed one by one; the rest are counted in one more. */
export const MAX_PROBLEMS = 20;
/** Keys longer than this are shortened in messages (a key is whatever a file holds). */
const MAX_KEY_IN_MESSAGE = 60;

export function loadConfig(input: LoadConfigInput): LoadConfigResult {
  const problems: ConfigProblem[] = [];
  const file = readFileValues(input, problems);
  const flags = readFlags(input.argv);
  const fileLabel = input.filePath ?? 'config.json';

  const values: Partial<Values> = {};
  const sources: Partial<Record<SettingKey, string>> = {};
  for (const setting of Object.keys(SETTINGS) as SettingKey[]) {
    // Highest precedence first: flags, then the file, then the environment.
    const candidates: Candidate[] = [];
    const flagValue = flags.get(SETTINGS[setting].flag);
    if (flagValue !== undefined) candidates.push({ key: SETTINGS[setting].flag, value: flagValue });
    if (file !== undefined && Object.hasOwn(file, setting)) candidates.push({ key: `${setting} (${fileLabel})`, value: file[setting] });
    const envValue = input.env[SETTINGS[setting].env];
    if (envValue !== undefined && envValue !== '') candidates.push({ key: SETTINGS[setting].env, value: envValue });
    for (const candidate of candidates) {
      const parsed = SCHEMAS[setting].safeParse(candidate.value);
      if (parsed.success) {
        (values as Record<SettingKey, unknown>)[setting] = parsed.data;
        sources[setting] = candidate.key;
        break;
      }
      problems.push({
        key: candidate.key,
        message: `${candidate.key} ${describeIssue(parsed.error)}; ${candidates.length > 1 ? 'using the next source or the default' : 'using the default'}.`,
        fix: FIXES[setting],
      });
    }
  }

  const config: TunewallConfig = {
    service: resolveService(values, sources, problems),
    territory: values.territory ?? DEFAULT_CONFIG.territory,
    deviceFlowDialect: values.deviceFlowDialect ?? DEFAULT_CONFIG.deviceFlowDialect,
    guestMode: values.guestMode ?? DEFAULT_CONFIG.guestMode,
    storagePolicy: values.storagePolicy ?? DEFAULT_CONFIG.storagePolicy,
    kiosk: {
      enabled: values.kiosk ?? DEFAULT_CONFIG.kiosk.enabled,
      fullscreen: values.fullscreen ?? DEFAULT_CONFIG.kiosk.fullscreen,
      idleSeconds: values.idleSeconds ?? DEFAULT_CONFIG.kiosk.idleSeconds,
    },
    language: values.language ?? DEFAULT_CONFIG.language,
    vaultKeyFile: values.vaultKeyFile ?? DEFAULT_CONFIG.vaultKeyFile,
  };
  return { config, problems: capped(problems) };
}

/** The first MAX_PROBLEMS problems, then one saying how many more there are: a huge file cannot flood the screen. */
function capped(problems: ConfigProblem[]): ConfigProblem[] {
  if (problems.length <= MAX_PROBLEMS) return problems;
  const more = problems.length - MAX_PROBLEMS;
  return [
    ...problems.slice(0, MAX_PROBLEMS),
    {
      key: 'configuration',
      message: `…and ${more} more problems with the configuration, not listed here.`,
      fix: 'Fix the problems above (most often a config file with keys that are not Tunewall settings), then restart Tunewall.',
    },
  ];
}

function shortKey(name: string): string {
  return name.length <= MAX_KEY_IN_MESSAGE ? name : `${name.slice(0, MAX_KEY_IN_MESSAGE)}…`;
}

/** The real service only when everything it needs is there and valid; otherwise the sandbox, and a problem saying why. */
function resolveService(
  values: Partial<Values>,
  sources: Partial<Record<SettingKey, string>>,
  problems: ConfigProblem[],
): ServiceConfig {
  const { clientId, clientSecret, authUrl, apiUrl, qrUrl } = values;
  const label = (key: SettingKey): string => sources[key] ?? SETTINGS[key].env;
  if (clientId === undefined && clientSecret === undefined) {
    const stray = (['authUrl', 'apiUrl', 'qrUrl'] as const).filter((key) => sources[key] !== undefined);
    for (const key of stray) {
      problems.push({
        key: label(key),
        message: `${label(key)} is set but there is no client id and secret; using the built-in sandbox.`,
        fix: 'Set TUNEWALL_CLIENT_ID and TUNEWALL_CLIENT_SECRET too, or remove the service addresses.',
      });
    }
    return { useSandbox: true };
  }
  if (clientId !== undefined && clientSecret === undefined) {
    problems.push({
      key: label('clientId'),
      message: 'A client id is set without a client secret; using the built-in sandbox.',
      fix: 'Set TUNEWALL_CLIENT_SECRET (or --client-secret) too, or remove the client id.',
    });
    return { useSandbox: true };
  }
  if (clientId === undefined) {
    problems.push({
      key: label('clientSecret'),
      message: 'A client secret is set without a client id; using the built-in sandbox.',
      fix: 'Set TUNEWALL_CLIENT_ID (or --client-id) too, or remove the client secret.',
    });
    return { useSandbox: true };
  }
  const missing = (['authUrl', 'apiUrl'] as const).filter((key) => values[key] === undefined);
  for (const key of missing) {
    problems.push({
      key: SETTINGS[key].env,
      message: `The ${key === 'authUrl' ? 'token service' : 'catalog API'} address is missing or invalid; using the built-in sandbox.`,
      fix: FIXES[key],
    });
  }
  if (clientSecret === undefined || authUrl === undefined || apiUrl === undefined) return { useSandbox: true };
  return { useSandbox: false, clientId, clientSecret, authUrl, apiUrl, qrUrl };
}

function readFileValues(input: LoadConfigInput, problems: ConfigProblem[]): Record<string, unknown> | undefined {
  const key = input.filePath ?? 'config.json';
  if (input.fileReadError !== undefined) {
    problems.push({
      key,
      message: `The config file cannot be read (${input.fileReadError}); it is ignored.`,
      fix: 'Make the file readable by Tunewall, or remove it.',
    });
    return undefined;
  }
  if (input.fileText === undefined) return undefined;
  let json: unknown;
  try {
    // Editors on some systems start a UTF-8 file with a byte order mark; JSON.parse does not skip it.
    json = JSON.parse(input.fileText.replace(/^\uFEFF/, '')) as unknown;
  } catch (error) {
    problems.push({
      key,
      message: `The config file is not valid JSON (${error instanceof Error ? error.message : String(error)}); it is ignored.`,
      fix: 'Fix the JSON (a single object such as {"territory": "JP"}), or remove the file.',
    });
    return undefined;
  }
  if (typeof json !== 'object' || json === null || Array.isArray(json)) {
    problems.push({
      key,
      message: 'The config file does not hold a JSON object; it is ignored.',
      fix: 'Write the settings as one object, such as {"territory": "JP"}.',
    });
    return undefined;
  }
  const record = json as Record<string, unknown>;
  for (const name of Object.keys(record)) {
    // Own properties only: `constructor` or `toString` are on every object's prototype, not settings.
    if (!Object.hasOwn(SETTINGS, name)) {
      const shown = shortKey(name);
      problems.push({
        key: `${shown} (${key})`,
        message: `${shown} is not a Tunewall setting; it is ignored.`,
        fix: `Use one of: ${Object.keys(SETTINGS).join(', ')}.`,
      });
    }
  }
  return record;
}

const KNOWN_FLAGS: ReadonlySet<string> = new Set(Object.values(SETTINGS).map((s) => s.flag));
const BOOLEAN_FLAGS: ReadonlySet<string> = new Set([SETTINGS.guestMode.flag, SETTINGS.kiosk.flag, SETTINGS.fullscreen.flag]);

/** `--name=value`, `--name value`, and for switches `--name` / `--no-name`; the last occurrence wins. */
function readFlags(argv: readonly string[]): Map<string, string | boolean> {
  const flags = new Map<string, string | boolean>();
  for (let i = 0; i < argv.length; i += 1) {
    const arg = argv[i];
    if (arg === undefined || !arg.startsWith('--')) continue;
    const eq = arg.indexOf('=');
    const name = eq === -1 ? arg : arg.slice(0, eq);
    if (eq !== -1) {
      if (KNOWN_FLAGS.has(name)) flags.set(name, arg.slice(eq + 1));
      continue;
    }
    if (BOOLEAN_FLAGS.has(name)) {
      flags.set(name, true);
      continue;
    }
    const negated = `--${name.slice('--no-'.length)}`;
    if (name.startsWith('--no-') && BOOLEAN_FLAGS.has(negated)) {
      flags.set(negated, false);
      continue;
    }
    const next = argv[i + 1];
    if (KNOWN_FLAGS.has(name) && next !== undefined && !next.startsWith('--')) {
      flags.set(name, next);
      i += 1;
    }
  }
  return flags;
}

function describeIssue(error: z.ZodError): string {
  const issue = error.issues[0];
  if (issue === undefined) return 'is not valid';
  if (issue.code === 'invalid_value') return 'is not one of the accepted values';
  if (issue.code === 'invalid_type') return 'has the wrong type';
  if (['is ', 'uses ', 'carries '].some((start) => issue.message.startsWith(start))) return issue.message;
  return `is not valid (${issue.message})`;
}

/** Where the config file is: --config=path, else TUNEWALL_CONFIG, else <userData>/config.json. */
export function configFilePath(input: { env: Record<string, string | undefined>; argv: readonly string[]; userDataDir: string }): string {
  for (let i = input.argv.length - 1; i >= 0; i -= 1) {
    const arg = input.argv[i];
    if (arg?.startsWith('--config=')) return arg.slice('--config='.length);
    if (arg === '--config' && input.argv[i + 1] !== undefined) return input.argv[i + 1] ?? '';
  }
  const fromEnv = input.env.TUNEWALL_CONFIG;
  if (fromEnv !== undefined && fromEnv !== '') return fromEnv;
  return join(input.userDataDir, 'config.json');
}

/** Reads the config file for loadConfig: a missing file is no problem; any other failure is reported, not thrown. */
export function readConfigFile(
  path: string,
  readFile: (path: string) => string = (p) => readFileSync(p, 'utf8'),
): Pick<LoadConfigInput, 'fileText' | 'filePath' | 'fileReadError'> {
  try {
    return { fileText: readFile(path), filePath: path };
  } catch (error) {
    if (typeof error === 'object' && error !== null && 'code' in error && error.code === 'ENOENT') return { filePath: path };
    return { filePath: path, fileReadError: error instanceof Error ? error.message : String(error) };
  }
}
