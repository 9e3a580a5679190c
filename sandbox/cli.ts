/**
 * `npm run sandbox`: runs the sandbox on its own, for demos (approve from a phone) and for shells and benchmarks
 * in another process. Bad flags print a plain message and the usage, never a stack trace.
 */
import { realpathSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { startSandbox, type RunningSandbox } from './index';
import type { SandboxOptionsInput } from './options';
import { createMemberDirectory } from './data/members';

export const USAGE = `Usage: npm run sandbox -- [options]

Where it listens
  --host ADDR                  address to bind (default 127.0.0.1); 0.0.0.0 or a LAN IP lets a phone reach it
  --port N                     port (default 0: any free port)
  --public-origin URL          origin to hand out in links (default: http://<LAN IP or host>:<port>)
  --seed N                     catalog seed (same seed, same catalog)
  --state FILE                 remember issued tokens (as digests), added favorites and approvals in FILE across
                               restarts, and listen on the same port again when it is free

Faults on the client-facing routes
  --latency MS                 added latency per request
  --error-rate R               share 0..1 answered 500 with the documented error body
  --drop-rate R                share 0..1 whose connection is dropped without an answer
  --malformed-rate R           share 0..1 answered 200 with a truncated, non-JSON body
  --unavailable-rate R         share 0..1 answered 503 with Retry-After (alias --503-rate)
  --retry-after S              Retry-After seconds of a 503 (default 2)
  --slow-rate R                share 0..1 processed at once but answered only after --slow-ms
  --slow-ms MS                 how long a slow answer is held (default 30000)
  --lost-answer-rate R         share 0..1 processed (a refresh token rotated), then the connection is dropped

Lifetimes
  --device-code-lifetime S     device code lifetime (default 600)
  --interval S                 device poll interval (default 5)
  --access-token-lifetime S    member access token lifetime (default 3600)
  --refresh-extra S            how much longer a refresh token lives (default 86400)
  --client-token-lifetime S    client-credentials token lifetime (default 2592000)
  --huge-expires-in            send expires_in as 9223372036854775807 (tokens still expire on time)
  --refresh-grace S            a rotated refresh token reused within S seconds gets the same new pair (default 0)

  --help                       this text`;

const OPTIONS = {
  host: { type: 'string' },
  port: { type: 'string' },
  'public-origin': { type: 'string' },
  seed: { type: 'string' },
  state: { type: 'string' },
  latency: { type: 'string' },
  'error-rate': { type: 'string' },
  'drop-rate': { type: 'string' },
  'malformed-rate': { type: 'string' },
  'unavailable-rate': { type: 'string' },
  '503-rate': { type: 'string' },
  'retry-after': { type: 'string' },
  'slow-rate': { type: 'string' },
  'slow-ms': { type: 'string' },
  'lost-answer-rate': { type: 'string' },
  'device-code-lifetime': { type: 'string' },
  interval: { type: 'string' },
  'access-token-lifetime': { type: 'string' },
  'refresh-extra': { type: 'string' },
  'client-token-lifetime': { type: 'string' },
  'huge-expires-in': { type: 'boolean' },
  'refresh-grace': { type: 'string' },
  help: { type: 'boolean', short: 'h' },
} as const;

export type CliParse =
  | { kind: 'help' }
  | { kind: 'run'; input: SandboxOptionsInput; stateFile?: string }
  | { kind: 'error'; message: string };

class FlagError extends Error {}

function integer(flag: string, value: string | undefined, min: number, max = Number.MAX_SAFE_INTEGER): number | undefined {
  if (value === undefined) return undefined;
  if (!/^\d+$/.test(value.trim()) || Number(value) < min || Number(value) > max) {
    throw new FlagError(`--${flag} must be a whole number from ${min} to ${max}, not "${value}".`);
  }
  return Number(value);
}

function rate(flag: string, value: string | undefined): number | undefined {
  if (value === undefined) return undefined;
  const n = Number(value);
  if (value.trim() === '' || !Number.isFinite(n) || n < 0 || n > 1) {
    throw new FlagError(`--${flag} must be a share between 0 and 1 (e.g. 0.1), not "${value}".`);
  }
  return n;
}

function origin(value: string | undefined): string | undefined {
  if (value === undefined) return undefined;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new FlagError(`--public-origin must be a URL such as http://192.168.1.20:8787, not "${value}".`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new FlagError('--public-origin must be an http or https URL.');
  return url.origin;
}

/** Only the keys that were given, so the defaults fill the rest. */
function defined<T extends object>(o: T): Partial<T> {
  return Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as Partial<T>;
}

export function parseCliArgs(argv: readonly string[]): CliParse {
  let values;
  try {
    ({ values } = parseArgs({ args: [...argv], options: OPTIONS, strict: true, allowPositionals: false }));
  } catch (err) {
    return { kind: 'error', message: err instanceof Error ? err.message : String(err) };
  }
  if (values.help === true) return { kind: 'help' };
  try {
    const unavailable = rate('unavailable-rate', values['unavailable-rate']) ?? rate('503-rate', values['503-rate']);
    const host = values.host?.trim();
    if (host === '') throw new FlagError('--host must not be empty.');
    const input: SandboxOptionsInput = defined({
      host,
      port: integer('port', values.port, 0, 65535),
      publicOrigin: origin(values['public-origin']),
      seed: integer('seed', values.seed, 0, 2 ** 32 - 1),
    });
    input.faults = defined({
      latencyMs: integer('latency', values.latency, 0, 600_000),
      errorRate: rate('error-rate', values['error-rate']),
      dropRate: rate('drop-rate', values['drop-rate']),
      malformedRate: rate('malformed-rate', values['malformed-rate']),
      unavailableRate: unavailable,
      retryAfterSeconds: integer('retry-after', values['retry-after'], 0, 86_400),
      slowRate: rate('slow-rate', values['slow-rate']),
      slowMs: integer('slow-ms', values['slow-ms'], 0, 600_000),
      lostAnswerRate: rate('lost-answer-rate', values['lost-answer-rate']),
    });
    input.lifetimes = defined({
      deviceCodeSeconds: integer('device-code-lifetime', values['device-code-lifetime'], 1),
      deviceIntervalSeconds: integer('interval', values.interval, 0, 3600),
      accessTokenSeconds: integer('access-token-lifetime', values['access-token-lifetime'], 1),
      refreshExtraSeconds: integer('refresh-extra', values['refresh-extra'], 0),
      clientTokenSeconds: integer('client-token-lifetime', values['client-token-lifetime'], 1),
      hugeExpiresIn: values['huge-expires-in'],
      refreshGraceSeconds: integer('refresh-grace', values['refresh-grace'], 0, 86_400),
    });
    const stateFile = values.state?.trim();
    if (stateFile === '') throw new FlagError('--state must name a file.');
    return stateFile === undefined ? { kind: 'run', input } : { kind: 'run', input, stateFile };
  } catch (err) {
    if (err instanceof FlagError) return { kind: 'error', message: err.message };
    throw err;
  }
}

/** Single-quoted for a POSIX shell, so a value with spaces or `$` is pasted as it is. */
function shellQuote(value: string): string {
  return /^[A-Za-z0-9_./:@%+=,-]+$/.test(value) ? value : `'${value.replace(/'/g, "'\\''")}'`;
}

/**
 * The origin Tunewall should use for this sandbox. Tunewall sends tokens over plain http:// only to this machine, so a
 * sandbox bound to every interface (whose links name the LAN address, for phones) is given to it by loopback.
 */
export function settingsOrigin(sb: RunningSandbox): string {
  const wildcard = sb.options.host === '0.0.0.0' || sb.options.host === '::' || sb.options.host === '';
  if (wildcard && sb.options.publicOrigin === undefined) return `http://127.0.0.1:${sb.options.port}`;
  return sb.origin;
}

/** Tunewall's settings for this sandbox: {auth_url}, {base_url} (without /v1.1) and {qrcode_url}, as env values. */
export function settingsEnv(sb: RunningSandbox): Record<string, string> {
  const origin = settingsOrigin(sb);
  return {
    TUNEWALL_CLIENT_ID: sb.client.id,
    TUNEWALL_CLIENT_SECRET: sb.client.secret,
    TUNEWALL_AUTH_URL: origin,
    TUNEWALL_API_URL: origin,
    TUNEWALL_QR_URL: origin,
  };
}

/** The same settings as lines to paste into a shell. */
export function settingsLines(sb: RunningSandbox): string[] {
  return Object.entries(settingsEnv(sb)).map(([name, value]) => `export ${name}=${shellQuote(value)}`);
}

export function describeSandbox(sb: RunningSandbox): string {
  const members = createMemberDirectory(sb.options.seed).list();
  const memberLines = members.map((m) => `    ${m.name} (${m.territory}): username ${m.username}, password ${m.password}`);
  const origin = settingsOrigin(sb);
  const viaLoopback = origin !== sb.origin;
  return [
    `Tunewall sandbox listening on ${sb.origin}`,
    '',
    "Tunewall's settings for it (README, Configuration):",
    `  {auth_url}      ${origin}   token service: POST /oauth2/token, POST /oauth2/device/code`,
    `  {base_url}      ${origin}   catalog API, under /v1.1 (the setting is without it)`,
    `  {qrcode_url}    ${origin}   QR generator: GET /generator`,
    `  client id       ${sb.client.id}`,
    `  client secret   ${sb.client.secret}`,
    `  redirect URI    ${sb.options.redirectUri}`,
    ...(viaLoopback ? [`  (by loopback: Tunewall sends tokens over http:// only to this machine; phones use ${sb.origin})`] : []),
    '',
    'To run Tunewall against it, paste these lines into the shell that starts it (npm start, npm run kiosk):',
    ...settingsLines(sb).map((line) => `  ${line}`),
    '',
    'Demo members (sign in on the approval page):',
    ...memberLines,
    '',
    'To approve a TV code:',
    `  on a phone: open ${sb.origin}/d (or scan the TV's QR code), sign in, tap Approve`,
    `  or: curl -s -X POST ${sb.origin}/__sandbox/approve -H 'content-type: application/json' -d '{"user_code":"ABCD-EFGH"}'`,
    `  pending codes: curl -s ${sb.origin}/__sandbox/pending`,
    '',
    'Ctrl-C stops it.',
  ].join('\n');
}

export async function main(argv: readonly string[]): Promise<number> {
  const parsed = parseCliArgs(argv);
  if (parsed.kind === 'help') {
    process.stdout.write(`${USAGE}\n`);
    return 0;
  }
  if (parsed.kind === 'error') {
    process.stderr.write(`tunewall sandbox: ${parsed.message}\n\n${USAGE}\n`);
    return 2;
  }
  let sb: RunningSandbox;
  try {
    sb = await startSandbox(parsed.input, parsed.stateFile === undefined ? {} : { stateFile: parsed.stateFile });
  } catch (err) {
    process.stderr.write(`tunewall sandbox: cannot start: ${err instanceof Error ? err.message : String(err)}\n`);
    return 1;
  }
  process.stdout.write(`${describeSandbox(sb)}\n`);
  await new Promise<void>((resolve) => {
    const stop = () => {
      process.off('SIGINT', stop);
      process.off('SIGTERM', stop);
      resolve();
    };
    process.on('SIGINT', stop);
    process.on('SIGTERM', stop);
  });
  await sb.close();
  process.stdout.write('Tunewall sandbox stopped.\n');
  return 0;
}

function invokedDirectly(): boolean {
  const script = process.argv[1];
  if (script === undefined) return false;
  try {
    return realpathSync(script) === realpathSync(fileURLToPath(import.meta.url));
  } catch {
    // argv[1] is not a file (e.g. an inline script): then this module was imported, not run.
    return false;
  }
}

if (invokedDirectly()) {
  main(process.argv.slice(2)).then(
    (code) => {
      process.exitCode = code;
    },
    (err: unknown) => {
      process.stderr.write(`tunewall sandbox: ${err instanceof Error ? err.message : String(err)}\n`);
      process.exitCode = 1;
    },
  );
}
