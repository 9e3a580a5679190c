/** A Logger writing one JSON line per entry to stderr, where a kiosk's service manager (journald) collects it. */
import type { Logger } from '../core/ports';

export function createConsoleLogger(write: (line: string) => void = (line) => process.stderr.write(`${line}\n`)): Logger {
  const entry = (level: string, message: string, fields?: Record<string, unknown>): void => {
    write(JSON.stringify({ time: new Date().toISOString(), level, message, ...fields }));
  };
  return {
    info: (message, fields) => entry('info', message, fields),
    warn: (message, fields) => entry('warn', message, fields),
    error: (message, fields) => entry('error', message, fields),
  };
}
