/**
 * Every body and parameter a phone sends, as a schema: strict objects (an unknown field is a caller's mistake or a
 * probe, and is refused), ids as the bridge accepts them.
 */
import { z } from 'zod';
import { CatalogIdSchema, DetailRefSchema, RowIdSchema, TrackLimitSchema, TrackOffsetSchema } from '../../../../shared/bridgeArgs';
import { REMOTE_KEYS, type PairRequest, type RemoteKey, type ShowOnTvTarget } from '../../../../shared/companion';

/** The QR code's secret: 32 bytes, base64url. */
export const SecretSchema = z.string().regex(/^[A-Za-z0-9_-]{43}$/);
/** The code typed by hand: six digits (spaces a person typed are not digits). */
export const CodeSchema = z.string().regex(/^[0-9]{6}$/);

export const PairRequestSchema = z.union([z.strictObject({ secret: SecretSchema }), z.strictObject({ code: CodeSchema })]) satisfies z.ZodType<PairRequest>;

const StrictDetailRef = z.strictObject(DetailRefSchema.shape);

export const ShowOnTvSchema = z.union([
  z.strictObject({ kind: z.literal('detail'), ref: StrictDetailRef }),
  z.strictObject({ kind: z.literal('track'), trackId: CatalogIdSchema, in: StrictDetailRef.optional() }),
]) satisfies z.ZodType<ShowOnTvTarget>;

export const RemoteKeySchema = z.strictObject({ key: z.enum(REMOTE_KEYS) }) satisfies z.ZodType<{ key: RemoteKey }>;

export const FavoriteRequestSchema = z.strictObject({ trackId: CatalogIdSchema });

export const RowParamSchema = RowIdSchema;
export const DetailParamsSchema = StrictDetailRef;

/** ?offset=&limit= of a page of tracks or tiles. */
export const PageQuerySchema = z.strictObject({
  offset: z.string().regex(/^\d{1,10}$/).transform(Number).pipe(TrackOffsetSchema),
  limit: z.string().regex(/^\d{1,3}$/).transform(Number).pipe(TrackLimitSchema),
});
