/**
 * What every catalog and member handler runs on: the caller's grant checked first, then a Call with the request's
 * helpers bound to it; a refusal thrown anywhere below is answered as its documented error body.
 */
import type { Context, Hono } from 'hono';
import { isTerritory, type Territory } from '../../shared/territory';
import type { Grant, SandboxContext } from '../context';
import type { Catalog } from '../data/catalog';
import { FAIL, type CatalogFailure } from './errors';
import type { FavoriteLog } from './favorites';
import { pageLink, readPageRequest, type PageLink, type PageRequest } from './paging';
import { Shaper } from './shape';

class Refusal {
  constructor(readonly failure: CatalogFailure) {}
}

/** Ends the handler with this documented failure. */
export function refuse(failure: CatalogFailure): never {
  throw new Refusal(failure);
}

/** What the sandbox serves: the catalog, and the favorites added with POST /me/favorite. */
export interface CatalogData {
  catalog: Catalog;
  favorites: FavoriteLog;
}

/** What a handler gets: the request, helpers bound to it, the caller's grant and the data served. */
export interface Call extends CatalogData {
  c: Context;
  grant: Grant;
  shape: Shaper;
  /** The `:id` path parameter ('' on routes without one). */
  id: string;
  /** The request path under the origin (e.g. /v1.1/charts/xyz/tracks), for paging links. */
  path: string;
  /** The required `territory`, validated. */
  territory(): Territory;
  /** `territory` when given (validated), else `fallback`. */
  territoryOr(fallback: Territory): Territory;
  paging(cap: number): PageRequest;
  link(path?: string, extra?: Record<string, string | undefined>): PageLink;
}

export type Handler = (call: Call) => unknown;

/** Registers one endpoint for an audience (any token, or a member's only). */
export type Route = (audience: 'catalog' | 'member', path: string, handler: Handler, method?: 'get' | 'post') => void;

/** The member behind the grant; a client-credentials grant is refused. */
export function memberOf(grant: Grant): string {
  return grant.kind === 'member' ? grant.memberId : refuse(FAIL.memberRequired);
}

/** The value, or a refusal as not found. */
export function found<T>(value: T | undefined): T {
  return value === undefined ? refuse(FAIL.notFound) : value;
}

/** The Call of one request, its helpers bound to the request and the sandbox's origin. */
function callOf(c: Context, grant: Grant, origin: string, data: CatalogData): Call {
  // Links are built without the trailing slash a client may have sent (`/charts/` links to `/charts?…`).
  const fullPath = withoutTrailingSlash(new URL(c.req.url).pathname);
  return {
    c,
    grant,
    id: c.req.param('id') ?? '',
    shape: new Shaper(origin),
    path: fullPath,
    territory: () => {
      const t = c.req.query('territory');
      return isTerritory(t) ? t : refuse(FAIL.invalidTerritory);
    },
    territoryOr: (fallback) => {
      const t = c.req.query('territory');
      if (t === undefined) return fallback;
      return isTerritory(t) ? t : refuse(FAIL.invalidTerritory);
    },
    paging: (cap) => readPageRequest((name) => c.req.query(name), cap) ?? refuse(FAIL.invalidRequest),
    link: (path = fullPath, extra = {}) => pageLink(origin, path, extra),
    catalog: data.catalog,
    favorites: data.favorites,
  };
}

/** Registers routes on `api`: bearer token, then member-ness, then the handler; a refusal becomes its error body. */
export function router(api: Hono, ctx: SandboxContext, data: CatalogData): Route {
  return (audience, path, handler, method = 'get') => {
    api[method](path, async (c) => {
      try {
        const grant = ctx.tokens.verifyBearer(c.req.header('authorization')) ?? refuse(FAIL.unauthenticated);
        if (audience === 'member') memberOf(grant);
        const body = await handler(callOf(c, grant, ctx.origin(), data));
        return c.json(body as object, c.req.method === 'POST' && isCreated(body) ? 201 : 200);
      } catch (error) {
        if (error instanceof Refusal) return c.json(error.failure.body, error.failure.status);
        throw error;
      }
    });
  };
}

function withoutTrailingSlash(path: string): string {
  return path.length > 1 && path.endsWith('/') ? path.slice(0, -1) : path;
}

function isCreated(body: unknown): boolean {
  return typeof body === 'object' && body !== null && 'created' in body && body.created === true;
}
