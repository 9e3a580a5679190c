/** Assembles the sandbox: token service, sign-in pages, QR generator, catalog, faults, request log and control API. */
import { Hono } from 'hono';
import { mountAuthorizePages } from './auth/authorize';
import { createAuthServices } from './auth/services';
import { mountTokenEndpoints } from './auth/token-endpoint';
import { FavoriteLog } from './catalog/favorites';
import { mountCatalog } from './catalog/routes';
import { createCatalog } from './data/catalog';
import { mountWebPages } from './web/routes';
import { createSandboxClock, type SandboxClock } from './clock';
import type { SandboxContext } from './context';
import { createControl, mountControlApi, RequestLog, type SandboxControl } from './control';
import { createMemberDirectory } from './data/members';
import { faultMiddleware, seededRandom } from './faults';
import type { SandboxOptions } from './options';
import { bodyCap, hostRequired, lastResort, methodGuard, notFound, stderrLog, type SandboxLog } from './http/guards';
import { mountQrGenerator } from './qr';
import { mountArtwork } from './artwork';
import { ImageRenderer } from './images/renderer';
import { persistTo, saveAfterChanges, savingControl, type Persistence } from './state/persistence';
import { mountAuthorizationList } from './auth/authorizations';

export interface SandboxApp {
  app: Hono;
  ctx: SandboxContext;
  clock: SandboxClock;
  control: SandboxControl;
  /** Present with a state file: where the previous run listened, and a way to save now. */
  persistence: Persistence | undefined;
}

/** What the sandbox needs from where it runs. */
export interface SandboxEnvironment {
  /** Where it says what went wrong (a request that failed inside it, a state file set aside); stderr by default. */
  log?: SandboxLog;
  /** How many pictures libvips draws at once (default: the cores less one, at most three). */
  imageParallelism?: number;
  /**
   * Where to keep what a restart must find again (token digests, added favorites, authorizations, the port). Without
   * it, all of that lives as long as the process.
   */
  stateFile?: string;
}

/** The whole sandbox as a Hono app; `origin` is asked at request time, as the port is known only once listening. */
export function createSandboxApp(options: SandboxOptions, origin: () => string, env: SandboxEnvironment = {}): SandboxApp {
  const log = env.log ?? stderrLog;
  const clock = createSandboxClock();
  const services = createAuthServices(options, clock);
  const members = createMemberDirectory(options.seed);
  const ctx: SandboxContext = { options, clock, origin, tokens: services.tokens, members };
  const catalog = createCatalog(options.seed);
  const favorites = new FavoriteLog();
  const requests = new RequestLog(clock);
  const persistence =
    env.stateFile === undefined
      ? undefined
      : persistTo(env.stateFile, { options, tokens: services.tokens, favorites, authorizations: services.authorizations }, log);
  const plainControl = createControl({ options, clock, services, members, log: requests });
  const control = persistence ? savingControl(plainControl, persistence) : plainControl;

  // Not strict: every path also answers with a trailing slash (`/oauth2/token/`), as the real service does.
  const app = new Hono({ strict: false });
  // Order matters: the log sees what faults did; both run before any route; a body too large never reaches one.
  app.use('*', hostRequired);
  app.use('*', requests.middleware());
  app.use('*', faultMiddleware(options.faults, seededRandom(options.seed)));
  app.use('*', bodyCap());
  if (persistence) app.use('*', saveAfterChanges(persistence));
  app.use('*', methodGuard(app));
  app.notFound(notFound);
  app.onError(lastResort(log));
  mountControlApi(app, { control, options, clock, members, origin });
  mountAuthorizationList(app, services.authorizations);
  mountTokenEndpoints(app, ctx, services);
  mountAuthorizePages(app, ctx, services);
  const images = new ImageRenderer(env.imageParallelism);
  mountQrGenerator(app, images, log);
  mountCatalog(app, ctx, { catalog, favorites });
  mountArtwork(app, images);
  mountWebPages(app, catalog);
  return { app, ctx, clock, control, persistence };
}
