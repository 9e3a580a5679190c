/**
 * Runtime schemas of every bridge method's arguments. IPC carries whatever a page sends; the core receives only what
 * these accept.
 */
import { z } from 'zod';
import type { BridgeHandlers, BridgeMethod, DetailKind, Language, RowId } from '../../shared/bridge';
import { TerritorySchema } from '../../shared/territory';

const ROW_IDS = ['charts', 'mood-stations', 'genre-stations', 'favorites', 'collected-playlists'] as const satisfies readonly RowId[];
const DETAIL_KINDS = ['chart', 'mood-station', 'genre-station', 'playlist'] as const satisfies readonly DetailKind[];
const LANGUAGES = ['en', 'zh-Hant', 'ja'] as const satisfies readonly Language[];

// Compile-time proof that each list names every member of its union.
type Exhaustive<All, Listed> = [Exclude<All, Listed>] extends [never] ? true : never;
const _exhaustive: [
  Exhaustive<RowId, (typeof ROW_IDS)[number]>,
  Exhaustive<DetailKind, (typeof DETAIL_KINDS)[number]>,
  Exhaustive<Language, (typeof LANGUAGES)[number]>,
] = [true, true, true];
void _exhaustive;

const DetailRefSchema = z.object({
  kind: z.enum(DETAIL_KINDS),
  id: z.string().min(1).max(256),
});

const none = z.tuple([]);

/** The largest page the renderer may ask for; the service's own limit per request. */
export const MAX_TRACK_PAGE = 500;

export const BRIDGE_ARGS = {
  getState: none,
  startPairing: none,
  browseAsGuest: none,
  signOut: none,
  loadRow: z.tuple([z.enum(ROW_IDS)]),
  getDetail: z.tuple([DetailRefSchema]),
  getTracks: z.tuple([DetailRefSchema, z.number().int().min(0).max(2_147_483_647), z.number().int().min(1).max(MAX_TRACK_PAGE)]),
  qrCode: z.tuple([z.string().min(1).max(2048)]),
  setTerritory: z.tuple([TerritorySchema]),
  setLanguage: z.tuple([z.enum([...LANGUAGES, 'auto'])]),
  diagnostics: none,
} satisfies { [M in BridgeMethod]: z.ZodType<Parameters<BridgeHandlers[M]>> };

export type ParsedArgs =
  | { ok: true; args: unknown[] }
  | { ok: false; message: string };

export function parseBridgeArgs(method: BridgeMethod, args: readonly unknown[]): ParsedArgs {
  const result = BRIDGE_ARGS[method].safeParse(args);
  if (result.success) return { ok: true, args: result.data };
  return { ok: false, message: `invalid arguments for ${method}` };
}
