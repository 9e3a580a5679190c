/**
 * Runtime schemas of every bridge method's arguments, written once: the Electron IPC layer refuses what they reject
 * before the core sees it, and the core checks the same schemas again whatever transport called it.
 */
import { z } from 'zod';
import type { BridgeHandlers, BridgeMethod, DetailKind, Language, RowId, SpeechLang, TextSize } from './bridge';
import type { CompanionScreen, SentItem } from './companion';
import { TerritorySchema } from './territory';

const ROW_IDS = [
  'favorites',
  'charts',
  'new-hits',
  'mood-stations',
  'genre-stations',
  'new-releases',
  'kids',
  'collected-playlists',
  'album-collection',
  'shared-playlists',
] as const satisfies readonly RowId[];
const DETAIL_KINDS = [
  'chart',
  'new-hits',
  'playlist',
  'mood-station',
  'genre-station',
  'album',
  'artist',
  'new-release-category',
  'kids-category',
  'kids-playlist',
  'recommended',
] as const satisfies readonly DetailKind[];
const LANGUAGES = ['en', 'zh-Hant', 'ja'] as const satisfies readonly Language[];
export const SPEECH_LANGS = ['en-US', 'ja-JP', 'ko-KR', 'zh-TW', 'zh-HK', 'zh-SG'] as const satisfies readonly SpeechLang[];

// Compile-time proof that each list names every member of its union.
type Exhaustive<All, Listed> = [Exclude<All, Listed>] extends [never] ? true : never;
const _exhaustive: [
  Exhaustive<RowId, (typeof ROW_IDS)[number]>,
  Exhaustive<DetailKind, (typeof DETAIL_KINDS)[number]>,
  Exhaustive<Language, (typeof LANGUAGES)[number]>,
  Exhaustive<SpeechLang, (typeof SPEECH_LANGS)[number]>,
] = [true, true, true, true];
void _exhaustive;

export const RowIdSchema = z.enum(ROW_IDS);
/** A catalog id (track, station, album…) as the renderer passes it back. */
export const CatalogIdSchema = z.string().min(1).max(256);
export const LanguageSchema = z.enum(LANGUAGES);
export const LanguageSettingSchema = z.enum([...LANGUAGES, 'auto', 'territory']);
export const TEXT_SIZES = [100, 125, 150] as const satisfies readonly TextSize[];
export const TextSizeSchema = z.union([z.literal(100), z.literal(125), z.literal(150)]);
export const DisplayPatchSchema = z.strictObject({ textSize: TextSizeSchema.optional(), highContrast: z.boolean().optional() });

export const DetailRefSchema = z.object({
  kind: z.enum(DETAIL_KINDS),
  id: CatalogIdSchema,
});

const none = z.tuple([]);

/** The largest page the renderer may ask for; the service's own limit per request. */
export const MAX_TRACK_PAGE = 500;
export const TrackOffsetSchema = z.number().int().min(0).max(2_147_483_647);
export const TrackLimitSchema = z.number().int().min(1).max(MAX_TRACK_PAGE);
export const QrTextSchema = z.string().min(1).max(2048);

/** Long enough for any screen's name and focused item; a bigger text is a caller's bug, not speech. */
export const MAX_SPEECH_TEXT = 2000;
/** Runs in one request: a tile's name in three scripts is a handful; more is a caller's bug. */
export const MAX_SPEECH_RUNS = 64;
export const SpeechLangSchema = z.enum(SPEECH_LANGS);
export const SpeechRunSchema = z.object({ text: z.string().min(1).max(MAX_SPEECH_TEXT), lang: SpeechLangSchema });
export const SpeechRequestSchema = z.object({
  runs: z
    .array(SpeechRunSchema)
    .min(1)
    .max(MAX_SPEECH_RUNS)
    .refine((runs) => runs.reduce((sum, run) => sum + run.text.length, 0) <= MAX_SPEECH_TEXT, 'too much text to say'),
  rate: z.enum(['normal', 'slow']),
  mode: z.enum(['interrupt', 'queue']),
});

/** A member's key on this TV, or the guest's. */
export const ProfileKeySchema = z.string().min(1).max(64).regex(/^[A-Za-z0-9_-]+$/);
/** The household's PIN: four digits. */
export const PinSchema = z.string().regex(/^[0-9]{4}$/);

/** A paired phone's id (PhoneView.id). */
export const PhoneIdSchema = z.string().min(1).max(64);
const ShortTextSchema = z.string().max(1000);
const ImageViewSchema = z.object({ url: z.string().min(1).max(2048), width: z.number().int().min(0), height: z.number().int().min(0) });
/** "Send to my phone": bounded, as it is kept in the phones' event log. */
export const SentItemSchema = z.object({
  kind: z.enum(['track', 'detail']),
  title: ShortTextSchema,
  subtitle: ShortTextSchema.optional(),
  url: z.string().url().max(2048),
  ref: DetailRefSchema.optional(),
  trackId: CatalogIdSchema.optional(),
  images: z.array(ImageViewSchema).max(8),
}) satisfies z.ZodType<SentItem>;
/** What the TV shows, as the renderer reports it for the phones. */
export const CompanionScreenSchema = z.object({
  kind: z.enum(['pairing', 'chooser', 'home', 'detail', 'settings', 'other']),
  ref: DetailRefSchema.optional(),
  title: ShortTextSchema.optional(),
  scope: z.enum(['public', 'member']),
}) satisfies z.ZodType<CompanionScreen>;

export const BRIDGE_ARGS = {
  getState: none,
  startPairing: none,
  browseAsGuest: none,
  signOut: z.tuple([PinSchema.optional()]),
  chooseProfile: z.tuple([ProfileKeySchema, PinSchema.optional()]),
  addMember: z.tuple([PinSchema.optional()]),
  cancelAddMember: none,
  signOutMember: z.tuple([ProfileKeySchema, PinSchema.optional()]),
  setChild: z.tuple([ProfileKeySchema, z.boolean(), PinSchema.optional()]),
  setPin: z.tuple([PinSchema, PinSchema.optional()]),
  setExplicit: z.tuple([z.enum(['show', 'hide'])]),
  setSkipChooser: z.tuple([z.boolean(), PinSchema.optional()]),
  loadRow: z.tuple([RowIdSchema]),
  getDetail: z.tuple([DetailRefSchema]),
  getTracks: z.tuple([DetailRefSchema, TrackOffsetSchema, TrackLimitSchema]),
  getTiles: z.tuple([DetailRefSchema, TrackOffsetSchema, TrackLimitSchema]),
  stationArt: z.tuple([CatalogIdSchema]),
  favoriteState: z.tuple([CatalogIdSchema]),
  addFavorite: z.tuple([CatalogIdSchema]),
  qrCode: z.tuple([QrTextSchema]),
  setTerritory: z.tuple([TerritorySchema]),
  setLanguage: z.tuple([LanguageSettingSchema]),
  setVoiceGuidance: z.tuple([z.boolean()]),
  speak: z.tuple([SpeechRequestSchema]),
  stopSpeaking: none,
  setDisplay: z.tuple([DisplayPatchSchema]),
  diagnostics: none,
  companionOffer: z.tuple([PinSchema.optional()]),
  companionCancelOffer: none,
  companionRemovePhone: z.tuple([PhoneIdSchema, PinSchema.optional()]),
  sendToPhone: z.tuple([SentItemSchema]),
  companionScreen: z.tuple([CompanionScreenSchema]),
} satisfies { [M in BridgeMethod]: z.ZodType<Parameters<BridgeHandlers[M]>> };

export type ParsedArgs =
  | { ok: true; args: unknown[] }
  | { ok: false; message: string };

export function parseBridgeArgs(method: BridgeMethod, args: readonly unknown[]): ParsedArgs {
  const result = BRIDGE_ARGS[method].safeParse(args);
  if (result.success) return { ok: true, args: result.data };
  return { ok: false, message: `invalid arguments for ${method}` };
}
