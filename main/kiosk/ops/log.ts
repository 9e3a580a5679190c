/**
 * The kiosk shell's log: one JSON object per line on stderr (journald keeps each line as one entry, with its
 * priority read from the `<N>` prefix when `prefix` is on), with a time, a level, a message and fields. Fields whose
 * names say they hold a credential are replaced before anything is written: a log is read by more people than the
 * box's owner, so no token, secret or cookie may reach it, whatever a caller passes.
 */
import type { Logger } from '../../core/ports';

export const LOG_LEVELS = ['debug', 'info', 'warn', 'error'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

export interface OpsLogger extends Logger {
  debug(message: string, fields?: Record<string, unknown>): void;
}

/** Names of fields that may carry a credential (compared without case, `-` and `_`). */
const SECRET_NAMES = new Set([
  'accesstoken',
  'refreshtoken',
  'idtoken',
  'token',
  'devicecode',
  'clientsecret',
  'secret',
  'password',
  'authorization',
  'cookie',
  'setcookie',
  'launchkey',
  'vaultkey',
  'bearer',
]);

export const REDACTED = '[redacted]';

function isSecretName(name: string): boolean {
  return SECRET_NAMES.has(name.toLowerCase().replace(/[-_]/g, ''));
}

/** A copy of `value` with every credential-named field replaced, to any depth; errors become their messages. */
export function redact(value: unknown, depth = 0): unknown {
  if (value instanceof Error) return value.message;
  if (depth > 6 || value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) return value.map((item) => redact(item, depth + 1));
  const out: Record<string, unknown> = {};
  for (const [name, inner] of Object.entries(value)) out[name] = isSecretName(name) ? REDACTED : redact(inner, depth + 1);
  return out;
}

/** The level asked for by `--log-level=` or TUNEWALL_LOG_LEVEL; an unknown one is `info`, and says so. */
export function parseLogLevel(argv: readonly string[], env: NodeJS.ProcessEnv): { level: LogLevel; problem: string | undefined } {
  const asked = argv.find((a) => a.startsWith('--log-level='))?.slice('--log-level='.length) ?? env['TUNEWALL_LOG_LEVEL'];
  if (asked === undefined || asked === '') return { level: 'info', problem: undefined };
  const level = LOG_LEVELS.find((l) => l === asked.toLowerCase());
  if (level !== undefined) return { level, problem: undefined };
  return { level: 'info', problem: `unknown log level "${asked.slice(0, 20)}": logging at info; use one of ${LOG_LEVELS.join(', ')}` };
}

/** syslog priorities, for journald's `<N>` line prefix. */
const PRIORITY: Record<LogLevel, number> = { debug: 7, info: 6, warn: 4, error: 3 };

export interface JsonLoggerOptions {
  level: LogLevel;
  write?: (line: string) => void;
  now?: () => Date;
  /** Prefix each line with `<N>` so journald files it at the right priority (on when stderr is the journal). */
  priorityPrefix?: boolean;
}

export function createJsonLogger(options: JsonLoggerOptions): OpsLogger {
  const write = options.write ?? ((line: string) => process.stderr.write(line));
  const now = options.now ?? (() => new Date());
  const threshold = LOG_LEVELS.indexOf(options.level);
  const log = (level: LogLevel, message: string, fields?: Record<string, unknown>): void => {
    if (LOG_LEVELS.indexOf(level) < threshold) return;
    const safe = fields === undefined ? {} : (redact(fields) as Record<string, unknown>);
    // `t`, `level` and `message` come last so no field can overwrite them.
    const line = JSON.stringify({ ...safe, t: now().toISOString(), level, message });
    write(`${options.priorityPrefix === true ? `<${PRIORITY[level]}>` : ''}${line}\n`);
  };
  return {
    debug: (m, f) => log('debug', m, f),
    info: (m, f) => log('info', m, f),
    warn: (m, f) => log('warn', m, f),
    error: (m, f) => log('error', m, f),
  };
}
