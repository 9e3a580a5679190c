/**
 * What the home-row cache keeps on disk, checked on the way back in: a file edited by hand, written by an older
 * Tunewall or cut short by a crash must not reach the screen.
 */
import { z } from 'zod';
import type { RowView, TileView } from '../../../shared/bridge';
import { DetailRefSchema, RowIdSchema } from '../../../shared/bridgeArgs';
import { TerritorySchema } from '../../../shared/territory';
import { artworkPath } from '../features/artwork/artworkPath';

export { RowIdSchema };

const ImageViewSchema = z.object({
  // Rows kept by a Tunewall that let the page load pictures from the service: on the page's origin from now on.
  url: z.string().min(1).transform(artworkPath),
  width: z.number().int().nonnegative(),
  height: z.number().int().nonnegative(),
});

const TrackSchema = z.object({
  id: z.string().min(1),
  name: z.string(),
  artist: z.string(),
  album: z.string(),
  durationMs: z.number().nonnegative(),
  explicit: z.boolean(),
  url: z.string(),
  albumId: z.string().min(1).optional(),
  artistId: z.string().min(1).optional(),
});

const TileSchema = z.object({
  ref: DetailRefSchema.optional(),
  key: z.string().min(1),
  title: z.string(),
  subtitle: z.string().optional(),
  images: z.array(ImageViewSchema),
  group: z.string().optional(),
  groupRef: DetailRefSchema.optional(),
  track: TrackSchema.optional(),
  updatedAt: z.string().optional(),
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
    ...(t.groupRef === undefined ? {} : { groupRef: t.groupRef }),
    ...(t.track === undefined ? {} : { track: t.track }),
    ...(t.updatedAt === undefined ? {} : { updatedAt: t.updatedAt }),
  }));
  return { id: entry.rowId, tiles, fetchedAt: entry.fetchedAt, fromCache: true };
}
