/** The catalog API's error bodies: `{ error: { message, code: 0 } }` (spec: Errors, Catalog API). */
import type { CatalogError } from '../../shared/service/catalog';
import { CATALOG_ERROR_MESSAGES } from '../../shared/service/catalog';

export type CatalogFailure = { status: 400 | 401 | 403 | 404; body: CatalogError };

function failure(status: CatalogFailure['status'], message: string): CatalogFailure {
  return { status, body: { error: { message, code: 0 } } };
}

export const FAIL = {
  /** Missing, unknown, revoked or expired bearer token, on catalog and member endpoints alike. */
  unauthenticated: failure(401, CATALOG_ERROR_MESSAGES.invalidAuthentication),
  /** A client-credentials token on a member endpoint: the token is fine, but there is no member behind it. */
  memberRequired: failure(403, 'Member authorization required'),
  invalidTerritory: failure(400, CATALOG_ERROR_MESSAGES.invalidTerritory),
  /** Paging values that are not non-negative int32 (or a zero limit), or a POST body without a usable track_id. */
  invalidRequest: failure(400, 'Invalid Request Body'),
  notFound: failure(404, CATALOG_ERROR_MESSAGES.notFound),
  noSeed: failure(404, CATALOG_ERROR_MESSAGES.noSeed),
} as const;
