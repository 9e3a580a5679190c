/**
 * Loads the configuration from the environment, a JSON file and command-line flags (flags win, then the file, then
 * the environment). Never throws: every problem becomes a ConfigProblem with a fix in plain words, and the setting
 * falls back to the next source that has a valid value, or to a safe default.
 */
import { readFileSync } from 'node:fs';
import { isIP } from 'node:net';
import { join } from 'node:path';
import { z } from 'zod';
import type { ConfigProblem } from '../../../shared/bridge';
import { TerritorySchema } from '../../../shared/territory';
import { STORAGE_POLICIES } from '../vault/tokenVault';
import { COMPANION_SETTINGS, DEFAULT_CONFIG, SETTINGS, type ServiceConfig, type SettingKey, type TunewallConfig } from './config';
import { CONFIG_ISSUES, configProblem, invalidValue, type ConfigIssue } from './problems';
import { serviceBase } from './serviceUrls';

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
    .refine((s) => s in BOOLEAN_WORDS, { message: 'notBoolean' satisfies ConfigIssue })
    .transform((s) => BOOLEAN_WORDS[s] === true),
]);

const TextSetting = z.string().trim().min(1, { message: 'empty' satisfies ConfigIssue });

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
    ctx.addIssue({ code: 'custom', message: 'notUrl' satisfies ConfigIssue });
    return;
  }
  if (url.username !== '' || url.password !== '') {
    // The message names no part of the value: it holds a secret.
    ctx.addIssue({ code: 'custom', message: 'hasCredentials' satisfies ConfigIssue });
    return;
  }
  if (url.protocol === 'https:') return;
  if (url.protocol === 'http:' && isLoopback(url.hostname)) return;
  if (url.protocol === 'http:') {
    ctx.addIssue({ code: 'custom', message: 'insecureHttp' satisfies ConfigIssue });
    return;
  }
  ctx.addIssue({ code: 'custom', message: 'badScheme' satisfies ConfigIssue, params: { scheme: url.protocol } });
}).transform((value) => value.replace(/\/+$/, ''));

const IdleSecondsSetting = z.union([z.number(), z.string().trim().regex(/^\d+$/).transform(Number)]).pipe(
  z.number().int().min(0).max(86_400),
);

/** 100, 125 or 150, with or without a percent sign. */
const TextSizeSetting = z
  .union([z.number(), z.string().trim().regex(/^\d+\s*%?$/).transform((s) => Number(s.replace('%', '')))])
  .pipe(z.union([z.literal(100), z.literal(125), z.literal(150)]));

/** An IP address, not a name: the companion allows only the TV's own addresses in a request's Host. */
const IpAddressSetting = TextSetting.refine((s) => isIP(s) !== 0, { message: 'ipAddress' satisfies ConfigIssue });

/** A port a program may take without privileges. */
const PortSetting = z.union([z.number(), z.string().trim().regex(/^\d{1,5}$/).transform(Number)]).pipe(z.number().int().min(1024).max(65_535));

const SCHEMAS = {
  clientId: TextSetting,
  clientSecret: TextSetting,
  authUrl: UrlSetting.transform((url) => serviceBase('authUrl', url)),
  apiUrl: UrlSetting.transform((url) => serviceBase('apiUrl', url)),
  qrUrl: UrlSetting.transform((url) => serviceBase('qrUrl', url)),
  territory: z.string().trim().toUpperCase().pipe(TerritorySchema),
  deviceFlowDialect: z.enum(['documented', 'rfc8628']),
  guestMode: BooleanSetting,
  storagePolicy: z.enum(STORAGE_POLICIES),
  kiosk: BooleanSetting,
  fullscreen: BooleanSetting,
  idleSeconds: IdleSecondsSetting,
  language: z.enum(['en', 'zh-Hant', 'ja', 'auto', 'territory']),
  textSize: TextSizeSetting,
  highContrast: BooleanSetting,
  vaultKeyFile: TextSetting,
  voiceGuidance: BooleanSetting,
  skipChooser: BooleanSetting,
  kioskMember: TextSetting.pipe(z.string().max(100)),
  resetPin: BooleanSetting,
  companion: z.string().trim().toLowerCase().pipe(z.enum(COMPANION_SETTINGS)),
  companionHost: IpAddressSetting,
  companionPort: PortSetting,
} satisfies Record<SettingKey, z.ZodType>;

type Values = { [K in SettingKey]: z.output<(typeof SCHEMAS)[K]> };

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
      problems.push(describeIssue(candidate.key, setting, parsed.error, candidates.length > 1 ? 'next' : 'default'));
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
      member: values.kioskMember ?? DEFAULT_CONFIG.kiosk.member,
    },
    language: values.language ?? DEFAULT_CONFIG.language,
    textSize: values.textSize ?? DEFAULT_CONFIG.textSize,
    highContrast: values.highContrast ?? DEFAULT_CONFIG.highContrast,
    vaultKeyFile: values.vaultKeyFile ?? DEFAULT_CONFIG.vaultKeyFile,
    voiceGuidance: values.voiceGuidance ?? DEFAULT_CONFIG.voiceGuidance,
    skipChooser: values.skipChooser ?? DEFAULT_CONFIG.skipChooser,
    resetPin: values.resetPin ?? DEFAULT_CONFIG.resetPin,
    companion: values.companion ?? DEFAULT_CONFIG.companion,
    companionHost: values.companionHost ?? DEFAULT_CONFIG.companionHost,
    companionPort: values.companionPort ?? DEFAULT_CONFIG.companionPort,
  };
  return { config, problems: capped(problems) };
}

/** The first MAX_PROBLEMS problems, then one saying how many more there are: a huge file cannot flood the screen. */
function capped(problems: ConfigProblem[]): ConfigProblem[] {
  if (problems.length <= MAX_PROBLEMS) return problems;
  const more = problems.length - MAX_PROBLEMS;
  return [...problems.slice(0, MAX_PROBLEMS), configProblem('configuration', 'moreProblems', 'moreProblems', { count: more })];
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
      problems.push(configProblem(label(key), 'urlWithoutCredentials', 'addCredentials'));
    }
    return { useSandbox: true };
  }
  if (clientId !== undefined && clientSecret === undefined) {
    problems.push(configProblem(label('clientId'), 'idWithoutSecret', 'addSecret'));
    return { useSandbox: true };
  }
  if (clientId === undefined) {
    problems.push(configProblem(label('clientSecret'), 'secretWithoutId', 'addId'));
    return { useSandbox: true };
  }
  const missing = (['authUrl', 'apiUrl'] as const).filter((key) => values[key] === undefined);
  for (const key of missing) {
    problems.push(configProblem(SETTINGS[key].env, 'addressMissing', key));
  }
  if (clientSecret === undefined || authUrl === undefined || apiUrl === undefined) return { useSandbox: true };
  return { useSandbox: false, clientId, clientSecret, authUrl, apiUrl, qrUrl };
}

function readFileValues(input: LoadConfigInput, problems: ConfigProblem[]): Record<string, unknown> | undefined {
  const key = input.filePath ?? 'config.json';
  if (input.fileReadError !== undefined) {
    problems.push(configProblem(key, 'fileUnreadable', 'fileUnreadable', { detail: input.fileReadError }));
    return undefined;
  }
  if (input.fileText === undefined) return undefined;
  let json: unknown;
  try {
    // Editors on some systems start a UTF-8 file with a byte order mark; JSON.parse does not skip it.
    json = JSON.parse(input.fileText.replace(/^\uFEFF/, '')) as unknown;
  } catch (error) {
    problems.push(configProblem(key, 'fileNotJson', 'fileNotJson', { detail: error instanceof Error ? error.message : String(error) }));
    return undefined;
  }
  if (typeof json !== 'object' || json === null || Array.isArray(json)) {
    problems.push(configProblem(key, 'fileNotObject', 'fileNotObject'));
    return undefined;
  }
  const record = json as Record<string, unknown>;
  for (const name of Object.keys(record)) {
    // Own properties only: `constructor` or `toString` are on every object's prototype, not settings.
    if (!Object.hasOwn(SETTINGS, name)) {
      problems.push(configProblem(`${shortKey(name)} (${key})`, 'unknownSetting', 'unknownSetting'));
    }
  }
  return record;
}

const KNOWN_FLAGS: ReadonlySet<string> = new Set(Object.values(SETTINGS).map((s) => s.flag));
const BOOLEAN_FLAGS: ReadonlySet<string> = new Set([
  SETTINGS.guestMode.flag,
  SETTINGS.kiosk.flag,
  SETTINGS.fullscreen.flag,
  SETTINGS.voiceGuidance.flag,
  SETTINGS.skipChooser.flag,
  SETTINGS.resetPin.flag,
]);

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

/** Settings whose every failure says the same thing: what the setting accepts. */
const ISSUE_OF_SETTING: Partial<Record<SettingKey, ConfigIssue>> = {
  guestMode: 'notBoolean',
  kiosk: 'notBoolean',
  fullscreen: 'notBoolean',
  idleSeconds: 'idleSeconds',
  voiceGuidance: 'notBoolean',
  skipChooser: 'notBoolean',
  resetPin: 'notBoolean',
  textSize: 'textSize',
  highContrast: 'notBoolean',
  companionHost: 'ipAddress',
  companionPort: 'port',
};

function isConfigIssue(message: string): message is ConfigIssue {
  return Object.hasOwn(CONFIG_ISSUES, message);
}

function describeIssue(key: string, setting: SettingKey, error: z.ZodError, fallback: 'next' | 'default'): ConfigProblem {
  const issue = error.issues[0];
  if (issue?.code === 'custom' && issue.message === 'badScheme') {
    const scheme = issue.params?.['scheme'];
    return invalidValue(key, setting, 'badScheme', fallback, { scheme: typeof scheme === 'string' ? scheme : '?' });
  }
  if (issue !== undefined && isConfigIssue(issue.message)) {
    return invalidValue(key, setting, issue.message, fallback);
  }
  const bySetting = ISSUE_OF_SETTING[setting];
  if (bySetting !== undefined) return invalidValue(key, setting, bySetting, fallback);
  if (issue?.code === 'invalid_value') return invalidValue(key, setting, 'notAccepted', fallback);
  if (issue?.code === 'invalid_type') return invalidValue(key, setting, 'wrongType', fallback);
  return invalidValue(key, setting, 'invalid', fallback);
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
