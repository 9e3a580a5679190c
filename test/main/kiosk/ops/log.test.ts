/** The shell's JSON log: one object per line, levels filtered by --log-level, never a credential. */
import { describe, expect, it } from 'vitest';
import { createJsonLogger, parseLogLevel, REDACTED } from '../../../../main/kiosk/ops/log';

function capture(level: Parameters<typeof createJsonLogger>[0]['level'], priorityPrefix = false) {
  const lines: string[] = [];
  const logger = createJsonLogger({ level, write: (line) => lines.push(line), now: () => new Date(0), priorityPrefix });
  return { logger, lines };
}

describe('the JSON log', () => {
  it('writes one line per event with time, level, message and fields; fields cannot overwrite those', () => {
    const { logger, lines } = capture('info');
    logger.warn('the service is slow', { ms: 1200, message: 'not this', level: 'nor this' });
    expect(lines).toHaveLength(1);
    expect(lines[0]?.endsWith('\n')).toBe(true);
    expect(JSON.parse(lines[0] ?? '')).toEqual({ t: '1970-01-01T00:00:00.000Z', level: 'warn', message: 'the service is slow', ms: 1200 });
  });

  it('drops events below the level asked for', () => {
    const { logger, lines } = capture('warn');
    logger.debug('d');
    logger.info('i');
    logger.warn('w');
    logger.error('e');
    expect(lines.map((l) => (JSON.parse(l) as { level: string }).level)).toEqual(['warn', 'error']);
  });

  it('replaces every field named like a credential, at any depth, and keeps the rest', () => {
    const { logger, lines } = capture('debug');
    logger.error('refresh failed', {
      access_token: 'at-123456789',
      refreshToken: 'rt-123456789',
      nested: { client_secret: 's3cr3t-value', Authorization: 'Bearer abc', list: [{ device_code: 'dc-1234' }] },
      cookie: 'tunewall_session=xyz',
      path: '/oauth2/token',
      key: 'territory',
    });
    const line = lines[0] ?? '';
    for (const secret of ['at-123456789', 'rt-123456789', 's3cr3t-value', 'Bearer abc', 'dc-1234', 'xyz']) expect(line).not.toContain(secret);
    const parsed = JSON.parse(line) as Record<string, unknown>;
    expect(parsed['access_token']).toBe(REDACTED);
    expect(parsed['path']).toBe('/oauth2/token');
    expect(parsed['key']).toBe('territory');
  });

  it('gives journald the priority when stderr is the journal', () => {
    const { logger, lines } = capture('debug', true);
    logger.error('e');
    logger.info('i');
    expect(lines[0]?.startsWith('<3>{')).toBe(true);
    expect(lines[1]?.startsWith('<6>{')).toBe(true);
  });

  it('reads --log-level (over TUNEWALL_LOG_LEVEL), and says so when the level is unknown', () => {
    expect(parseLogLevel(['--log-level=debug'], { TUNEWALL_LOG_LEVEL: 'error' })).toEqual({ level: 'debug', problem: undefined });
    expect(parseLogLevel([], { TUNEWALL_LOG_LEVEL: 'WARN' })).toEqual({ level: 'warn', problem: undefined });
    expect(parseLogLevel([], {})).toEqual({ level: 'info', problem: undefined });
    const bad = parseLogLevel(['--log-level=loud'], {});
    expect(bad.level).toBe('info');
    expect(bad.problem).toContain('debug, info, warn, error');
  });
});
