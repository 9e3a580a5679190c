/**
 * Runtime schemas of the catalog and member API's JSON (spec: "Resources and their fields").
 * Tolerant by design: unknown fields are accepted and dropped, documented quirks are accepted.
 * The TypeScript types are inferred from these schemas and used everywhere else.
 */
import { z } from 'zod';
import { TerritorySchema } from '../territory';

export const ImageSchema = z.object({
  height: z.number().int().nonnegative(),
  width: z.number().int().nonnegative(),
  url: z.string().min(1),
});
export type Image = z.infer<typeof ImageSchema>;

export const UserSchema = z.object({
  id: z.string(),
  url: z.string(),
  name: z.string(),
  description: z.string(),
  images: z.array(ImageSchema),
  /** Present only on the `/me` response. */
  territory: TerritorySchema.optional(),
});
export type User = z.infer<typeof UserSchema>;

/** A playlist `owner`: only `id` and `name` in lists and charts, the full User elsewhere. */
export const OwnerSchema = z.object({
  id: z.string(),
  name: z.string(),
  url: z.string().optional(),
  description: z.string().optional(),
  images: z.array(ImageSchema).optional(),
});
export type Owner = z.infer<typeof OwnerSchema>;

export const ArtistSchema = z.object({
  id: z.string(),
  name: z.string(),
  url: z.string(),
  images: z.array(ImageSchema),
});
export type Artist = z.infer<typeof ArtistSchema>;

/** `YYYY-MM-DD` where the day or the month may be `00` (unknown). */
export const ReleaseDateSchema = z.string().regex(/^\d{4}-(0\d|1[0-2])-([0-2]\d|3[01])$/, 'release_date is YYYY-MM-DD');

export const AlbumSchema = z.object({
  id: z.string(),
  name: z.string(),
  url: z.string(),
  explicitness: z.boolean(),
  available_territories: z.array(TerritorySchema),
  // A date in another form says nothing the screen can show honestly: the album stays, without its date.
  release_date: ReleaseDateSchema.optional().catch(undefined),
  images: z.array(ImageSchema),
  artist: ArtistSchema,
});
export type Album = z.infer<typeof AlbumSchema>;

export const TrackSchema = z.object({
  id: z.string(),
  name: z.string(),
  /** Milliseconds in every response seen; the contract does not name the unit. */
  duration: z.number().int().nonnegative(),
  /** Present only in recommended-tracks results. */
  isrc: z.string().optional(),
  url: z.string(),
  track_number: z.number().int(),
  explicitness: z.boolean(),
  available_territories: z.array(TerritorySchema),
  /** Absent under `/albums/{id}/tracks` and in `seed_track`. */
  album: AlbumSchema.optional(),
});
export type Track = z.infer<typeof TrackSchema>;

export const PagingSchema = z.object({
  offset: z.number().int().nonnegative(),
  limit: z.number().int().nonnegative(),
  previous: z.string().nullable(),
  next: z.string().nullable(),
});
export type Paging = z.infer<typeof PagingSchema>;

/** `total` is absent (the object is empty) for member collections and shared-playlist lists. */
export const SummarySchema = z.object({ total: z.number().int().nonnegative().optional() });
export type Summary = z.infer<typeof SummarySchema>;

export function pagedSchema<T extends z.ZodType>(item: T) {
  return z.object({ data: z.array(item), paging: PagingSchema, summary: SummarySchema });
}
export interface Paged<T> {
  data: T[];
  paging: Paging;
  summary: Summary;
}

/** ISO 8601 with offset in most lists; an integer of seconds in children-category playlist lists. */
export const UpdatedAtSchema = z.union([z.string(), z.number()]);

export const PlaylistSchema = z.object({
  id: z.string(),
  title: z.string(),
  description: z.string(),
  url: z.string(),
  images: z.array(ImageSchema),
  updated_at: UpdatedAtSchema,
  owner: OwnerSchema,
});
export type Playlist = z.infer<typeof PlaylistSchema>;

export const TrackPageSchema = pagedSchema(TrackSchema);
export const AlbumPageSchema = pagedSchema(AlbumSchema);
export const PlaylistPageSchema = pagedSchema(PlaylistSchema);

export const PlaylistDetailSchema = PlaylistSchema.extend({ tracks: TrackPageSchema });
export type PlaylistDetail = z.infer<typeof PlaylistDetailSchema>;

/** A chart detail carries `tracks`, `updated_at` and `owner`, and may omit the other playlist fields. */
export const ChartDetailSchema = PlaylistSchema.partial().extend({
  updated_at: UpdatedAtSchema,
  owner: OwnerSchema,
  tracks: TrackPageSchema,
});
export type ChartDetail = z.infer<typeof ChartDetailSchema>;

export const NewReleaseCategorySchema = z.object({ id: z.string(), title: z.string() });
export type NewReleaseCategory = z.infer<typeof NewReleaseCategorySchema>;
export const NewReleaseCategoryPageSchema = pagedSchema(NewReleaseCategorySchema);
export const NewReleaseCategoryDetailSchema = NewReleaseCategorySchema.extend({ albums: AlbumPageSchema });
export type NewReleaseCategoryDetail = z.infer<typeof NewReleaseCategoryDetailSchema>;

export const ChildrenCategorySchema = z.object({ id: z.string(), title: z.string(), images: z.array(ImageSchema) });
export type ChildrenCategory = z.infer<typeof ChildrenCategorySchema>;
export const ChildrenCategoryPageSchema = pagedSchema(ChildrenCategorySchema);
export const ChildrenCategoryDetailSchema = ChildrenCategorySchema.extend({
  subcategories: z.array(ChildrenCategorySchema),
  paging: PagingSchema,
  summary: SummarySchema,
});
export type ChildrenCategoryDetail = z.infer<typeof ChildrenCategoryDetailSchema>;

export const GenreStationSchema = z.object({ id: z.string(), category: z.string(), name: z.string() });
export type GenreStation = z.infer<typeof GenreStationSchema>;
export const GenreStationPageSchema = pagedSchema(GenreStationSchema);
export const GenreStationDetailSchema = GenreStationSchema.extend({ tracks: TrackPageSchema });
export type GenreStationDetail = z.infer<typeof GenreStationDetailSchema>;

export const MoodStationSchema = z.object({ id: z.string(), name: z.string(), images: z.array(ImageSchema) });
export type MoodStation = z.infer<typeof MoodStationSchema>;
export const MoodStationPageSchema = pagedSchema(MoodStationSchema);
export const MoodStationDetailSchema = z.object({
  id: z.string(),
  name: z.string(),
  images: z.array(ImageSchema).optional(),
  tracks: TrackPageSchema,
});
export type MoodStationDetail = z.infer<typeof MoodStationDetailSchema>;

export const RecommendedTracksSchema = z.object({
  seed_track: TrackSchema.omit({ album: true }),
  tracks: TrackPageSchema,
});
export type RecommendedTracks = z.infer<typeof RecommendedTracksSchema>;

/** `{ error: { message, code } }`; `code` is 0 in every documented case. */
export const CatalogErrorSchema = z.object({
  error: z.object({ message: z.string(), code: z.number().int() }),
});
export type CatalogError = z.infer<typeof CatalogErrorSchema>;

/** The messages the contract documents; others may appear and are kept as they are. */
export const CATALOG_ERROR_MESSAGES = {
  invalidTerritory: 'Invalid Territory',
  notFound: 'Resource does not exist',
  internal: 'Internal Server Error',
  invalidAuthentication: 'Invalid Authentication',
  noSeed: 'No available seed id',
} as const;

/** Per-endpoint maximum page size (spec: Limits). */
export const PAGE_LIMITS = { default: 500, playlists: 100, recommended: 50 } as const;

/**
 * Answer to `POST /me/favorite` (the contract does not show one; this is the sandbox's, see sandbox/README.md):
 * 201 with `created: true` when the track was added, 200 with `created: false` when it already was a favorite.
 */
export const FavoriteResultSchema = z.object({
  track_id: z.string(),
  favorite: z.literal(true),
  created: z.boolean().optional(),
});
export type FavoriteResult = z.infer<typeof FavoriteResultSchema>;
