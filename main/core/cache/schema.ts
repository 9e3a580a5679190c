/**
 * What the home-row cache keeps on disk, checked on the way back in: a file edited by hand, written by an older
 * Tunewall or cut short by a crash must not reach the screen.
 */
import { z } from 'zod';
import type { RowId, RowView, TileView } from '../../../shared/bridge';
import { TerritorySchema } from '../../../shared/territory';

const ROW_IDS = ['charts', 'mood-stations', 'genre-stations', 'favorites', 'collected-playlists'] as const satisfies readonly RowId[];
export const RowIdSchema = z.enum(ROW_IDS);

const ImageViewSchema = z.object({
  url: z.string().min(1),
  width: z.number().int().nonnegative(),
  height: z.number().int().nonnegative(),
});

const TileSchema = z.object({
  ref: z
    .object({ kind: z.enum(['chart', 'mood-station', 'genre-station', 'playlist']), id: z.string().min(1) })
    .optional(),
  key: z.string().min(1),
  title: z.string(),
  subtitle: z.string().optional(),
  images: z.array(ImageViewSchema),
  group: z.string().optional(),
});

export const CacheEntrySchema = z.object({
  account: z.string().min(1),
  territory: TerritorySchema,
  rowId: RowIdSchema,
  fetchedAt: z.number().int().nonnegative(),
  tiles: z.array(TileSchema),
});
export type CacheEntry = z.infer<typeof CacheEntrySchema>;

export const CACHE_VERSION = 1;
export const CacheFileSchema = z.object({
  version: z.literal(CACHE_VERSION),
  entries: z.record(z.string(), z.unknown()),
});

/** Back to the bridge's shape: JSON drops undefined fields, the view type wants them present. */
export function entryToRow(entry: CacheEntry): RowView {
  const tiles: TileView[] = entry.tiles.map((t) => ({
    ref: t.ref,
    key: t.key,
    title: t.title,
    subtitle: t.subtitle,
    images: t.images,
    group: t.group,
  }));
  return { id: entry.rowId, tiles, fetchedAt: entry.fetchedAt, fromCache: true };
}
