/**
 * Fuzzing every route of the sandbox with malformed paths, query strings, headers and bodies (fast-check). Whatever
 * arrives, the sandbox answers without a 500 (the fault injector is off) and without its last-resort handler, and
 * every error it answers is either JSON in the shape of the route's host or, on the sign-in and website pages, HTML.
 *
 * The seed is fixed so a run repeats; FUZZ_SEED=n tries another, FUZZ_RUNS=n more cases.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { TokenErrorSchema } from '../../shared/service/auth';
import { CatalogErrorSchema } from '../../shared/service/catalog';
import { createSandboxApp, type SandboxApp } from '../../sandbox/app';
import { hostOf } from '../../sandbox/http/hosts';
import { startSandbox, type RunningSandbox } from '../../sandbox/index';
import { resolveOptions } from '../../sandbox/options';
import { x } from './contract-paths';
import { basicAuth } from './helpers';

const SEED = Number(process.env['FUZZ_SEED'] ?? 20261122);
const RUNS = Number(process.env['FUZZ_RUNS'] ?? 2000);
/** What the fuzz runs may take on a slow, busy machine (the vitest default of 20 s was met there). */
const FUZZ_LIMIT_MS = 120_000;

const QrErrorSchema = z.object({ status: z.literal('ERROR'), error: z.string(), error_description: z.string() });
const ERROR_SCHEMA = { token: TokenErrorSchema, catalog: CatalogErrorSchema, qr: QrErrorSchema, control: TokenErrorSchema } as const;

/** Routes that answer a person's browser: their own refusals (unknown code, stale form) are HTML pages by design. */
const PAGE_ROUTES = [/^\/$/, /^\/d$/, /^\/oauth2\/(device|login|logout|authorize)(\/decision)?$/, /^\/oauth2\/device\/decision$/, /^\/web(\/|$)/];

interface FuzzRequest {
  /** The route it was made from, as `METHOD /pattern`. */
  route: string;
  method: string;
  path: string;
  query: string;
  headers: Record<string, string>;
  body: Uint8Array | string | undefined;
}

const textEncoder = new TextEncoder();

/** Values a client gets wrong in every way: real ones, empty ones, huge numbers, broken percent-encoding, unicode. */
const junk = fc.oneof(
  fc.constantFrom('', ' ', '0', '-1', '1e3', '2147483648', '99999999999999999999', 'null', 'undefined', '%', '%zz', '%E0%A4%A', '%00', '..', '../..', '<script>', '\u0000', 'TW', 'tw', 'JP'),
  fc.string({ maxLength: 40 }),
  fc.string({ unit: 'grapheme', maxLength: 12 }),
);

/** Path parameters: real ids (so routes run all the way), ids of the right form nobody issued, and junk. */
const pathParam = fc.oneof(
  fc.constantFrom(x.chart.id, x.album.id, x.artist.id, x.track.id, x.shared.id, x.curator.id, 'member-demo', 'Tnope0000000000000'),
  fc.constantFrom('album', 'playlist', 'children', '160x160.jpg', '1000x1000.jpg', '400x300.jpg', '0x0.jpg', '160x160.png'),
  junk.map((s) => encodeURIComponent(s)),
  fc.constantFrom('%', '%zz', '%E0%A4%A', '%2F', '%2e%2e'),
);

const QUERY_KEYS = [
  'territory',
  'limit',
  'offset',
  'response_type',
  'user_code',
  'client_id',
  'redirect_uri',
  'state',
  'content',
  'image_size',
  'logo_size',
  'foreground_color',
  'return_to',
];

const query = fc
  .array(
    fc.tuple(fc.oneof(fc.constantFrom(...QUERY_KEYS), junk), fc.oneof(junk, fc.constantFrom('device', 'code', 'image', 'json', '100', '21', 'BCDF-GHJK'))),
    { maxLength: 6 },
  )
  .chain((pairs) =>
    fc.constantFrom(
      // Properly encoded, raw (broken percent-encoding reaches the server as it is), and with repeated keys.
      pairs.map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(v)}`).join('&'),
      pairs.map(([k, v]) => `${k}=${v}`.replace(/[#\s]/g, '')).join('&'),
      [...pairs, ...pairs].map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(v)}`).join('&'),
    ),
  );

const CONTENT_TYPES = [
  'application/x-www-form-urlencoded',
  'application/x-www-form-urlencoded; charset=ISO-8859-1',
  'multipart/form-data; boundary=fuzz',
  'multipart/form-data',
  'multipart/form-data; boundary=',
  'application/json',
  'application/json; charset=utf-16',
  'text/plain',
  'application/octet-stream',
  ';;;',
  'x/y; boundary="unterminated',
];

function headerSafe(s: string): string {
  // Header values are byte strings without line breaks; the client library refuses anything else before sending.
  return s.replace(/[^\x20-\x7e]/g, '');
}

const headers = (member: () => string) =>
  fc.record(
    {
      authorization: fc.oneof(
        fc.constant(''),
        fc.constant('member').map(() => `Bearer ${member()}`),
        junk.map((s) => `Bearer ${headerSafe(s)}`),
        junk.map((s) => `Basic ${headerSafe(s)}`),
        fc.tuple(junk, junk).map(([a, b]) => `Basic ${Buffer.from(`${a}:${b}`).toString('base64')}`),
        fc.constant(basicAuth('tunewall-sandbox', 'sandbox-secret-change-me')),
        junk.map(headerSafe),
      ),
      'content-type': fc.oneof(fc.constantFrom(...CONTENT_TYPES), junk.map(headerSafe)),
      cookie: fc.oneof(fc.constant(''), junk.map((s) => `tw_sandbox_session=${headerSafe(s)}`), junk.map(headerSafe)),
      'if-none-match': fc.oneof(fc.constant(''), fc.constant('*'), junk.map(headerSafe)),
      accept: fc.constantFrom('', '*/*', 'text/html', 'application/json', '\t'),
    },
    { requiredKeys: [] },
  );

const body = fc.oneof(
  fc.constant(undefined),
  fc.uint8Array({ maxLength: 512 }),
  fc.array(fc.tuple(fc.oneof(fc.constantFrom('grant_type', 'client_id', 'code', 'track_id', 'form_token', 'user_code', 'decision'), junk), junk), { maxLength: 6 }).map(
    (pairs) => pairs.map(([k, v]) => `${k}=${v}`).join('&'),
  ),
  junk.map((v) => `--fuzz\r\nContent-Disposition: form-data; name="track_id"\r\n\r\n${v}`),
  junk.map((v) => `--fuzz\r\nContent-Disposition: form-data; name="${v}"; filename="${v}"\r\nContent-Type: ${v}\r\n\r\n${v}\r\n--fuzz--\r\n`),
  fc.jsonValue({ maxDepth: 3 }).map((v) => JSON.stringify(v)),
  junk.map((v) => `{"track_id":${v}`),
);

const METHODS = ['GET', 'POST', 'PUT', 'DELETE', 'PATCH', 'OPTIONS', 'HEAD'];

function fuzzRequest(sandbox: SandboxApp, member: () => string): fc.Arbitrary<FuzzRequest> {
  const routes = sandbox.app.routes.filter((r) => r.method !== 'ALL').map((r) => ({ method: r.method, path: r.path }));
  return fc
    .record({
      route: fc.constantFrom(...routes),
      otherMethod: fc.option(fc.constantFrom(...METHODS), { freq: 4 }),
      params: fc.array(pathParam, { minLength: 3, maxLength: 3 }),
      slash: fc.constantFrom('', '', '', '/', '//'),
      query,
      headers: headers(member),
      body,
    })
    .map(({ route, otherMethod, params, slash, query: q, headers: h, body: b }) => {
      let i = 0;
      const path = route.path.replace(/:[a-z]+/g, () => params[i++] ?? '') + (route.path === '/' ? '' : slash);
      const method = otherMethod ?? route.method;
      const set = Object.fromEntries(Object.entries(h).filter(([, v]) => v !== ''));
      return { route: `${route.method} ${route.path}`, method, path, query: q, headers: set, body: method === 'GET' || method === 'HEAD' ? undefined : b };
    });
}

/** What the fuzzing reached, so a run that sent nothing (or only one kind of request) cannot pass. */
interface Coverage {
  sent: number;
  statuses: Set<number>;
  routes: Set<string>;
}

/** Checks one answer against the rules every route keeps. */
async function checkAnswer(req: FuzzRequest, res: Response, failures: string[], coverage: Coverage): Promise<void> {
  const label = `${req.method} ${req.path}?${req.query}`;
  coverage.sent += 1;
  coverage.statuses.add(res.status);
  expect(res.status, label).toBeLessThan(500);
  if (res.status < 400) {
    await res.arrayBuffer();
    return;
  }
  const type = res.headers.get('content-type') ?? '';
  const text = await res.text();
  const path = new URL(`http://sandbox.test${req.path}`).pathname.replace(/(.)\/$/, '$1');
  if (type.startsWith('text/html')) {
    expect(PAGE_ROUTES.some((re) => re.test(path)), `${label}: an HTML error off the pages (${res.status})`).toBe(true);
    return;
  }
  expect(type, `${label}: ${res.status} ${text.slice(0, 200)}`).toMatch(/^application\/json/);
  if (req.method === 'HEAD') return;
  const host = hostOf(path);
  if (host === 'web') {
    failures.push(`${label}: JSON from the website`);
    return;
  }
  const parsed = ERROR_SCHEMA[host].safeParse(JSON.parse(text));
  expect(parsed.success, `${label}: ${res.status} ${text.slice(0, 200)} is not in the ${host} shape`).toBe(true);
}

describe('fuzzing every route', () => {
  const failures: string[] = [];
  const logged: string[] = [];
  const sandbox = createSandboxApp(resolveOptions(), () => 'http://sandbox.test', { log: (message, fields) => logged.push(`${message} ${JSON.stringify(fields)}`) });
  const member = sandbox.control.issueMemberToken().access_token;
  const coverage: Coverage = { sent: 0, statuses: new Set(), routes: new Set() };
  const httpCoverage: Coverage = { sent: 0, statuses: new Set(), routes: new Set() };
  const routeCount = sandbox.app.routes.filter((r) => r.method !== 'ALL').length;

  it('in process: no 500, no last-resort answer, every error in its host shape', async () => {
    await fc.assert(
      fc.asyncProperty(fuzzRequest(sandbox, () => member), async (req) => {
        coverage.routes.add(req.route);
        const url = `http://sandbox.test${req.path}${req.query === '' ? '' : `?${req.query}`}`;
        let request: Request;
        try {
          request = new Request(url, { method: req.method, headers: req.headers, body: req.body });
        } catch {
          // A request the client library itself refuses to build never reaches a server.
          return;
        }
        await checkAnswer(req, await sandbox.app.fetch(request), failures, coverage);
      }),
      { seed: SEED, numRuns: RUNS },
    );
    expect(failures).toEqual([]);
    expect(logged).toEqual([]);
    expect(coverage.sent).toBeGreaterThan(RUNS * 0.8);
    expect(coverage.routes.size).toBe(routeCount);
    for (const status of [200, 400, 401, 404, 405]) expect([...coverage.statuses]).toContain(status);
  }, FUZZ_LIMIT_MS);

  describe('over HTTP', () => {
    let running: RunningSandbox | undefined;
    const httpLogged: string[] = [];
    beforeAll(async () => {
      running = await startSandbox({}, { log: (message) => httpLogged.push(message) });
    });
    afterAll(async () => {
      await running?.close();
    });

    it('the same holds through the Node HTTP server, socket and all', async () => {
      const sb = running;
      if (!sb) throw new Error('The sandbox did not start.');
      const httpMember = sb.control.issueMemberToken().access_token;
      await fc.assert(
        fc.asyncProperty(fuzzRequest(sandbox, () => httpMember), async (req) => {
          let init: RequestInit;
          try {
            init = { method: req.method, headers: req.headers, body: typeof req.body === 'string' ? textEncoder.encode(req.body) : req.body };
            new Request(sb.origin, init);
          } catch {
            return;
          }
          const res = await fetch(`${sb.origin}${req.path}${req.query === '' ? '' : `?${req.query}`}`, init);
          await checkAnswer(req, res, failures, httpCoverage);
        }),
        { seed: SEED + 1, numRuns: Math.round(RUNS / 3) },
      );
      expect(failures).toEqual([]);
      expect(httpLogged).toEqual([]);
      expect(httpCoverage.sent).toBeGreaterThan((RUNS / 3) * 0.8);
      for (const status of [200, 400, 401, 404, 405]) expect([...httpCoverage.statuses]).toContain(status);
      // A fixed amount of work (hundreds of requests over sockets), no state to wait for: its limit is sized for two
      // busy cores, where it took 20 s, not for a pace.
    }, FUZZ_LIMIT_MS);
  });
});
