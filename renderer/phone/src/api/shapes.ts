/**
 * What the page reads of the TV's answers, checked before it is trusted: the fields it shows and acts on. An element
 * of a list that is not what it should be is left out, a field it does not know is kept (the TV may add some).
 */
import type { CompanionEvent, CompanionHome, PairAnswer, PhoneView, SentItem } from '../../../../shared/companion';
import type { DetailRef, DetailView, RowId, RowView, TilePageView, TileView, TrackPageView, TrackView } from '../../../../shared/catalogViews';
import type { ImageView } from '../../../../shared/bridge';
import { isCredential } from './credentials';

type Record_ = Record<string, unknown>;

export function isObject(value: unknown): value is Record_ {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

const isString = (value: unknown): value is string => typeof value === 'string';
const optionalString = (value: unknown): value is string | undefined => value === undefined || typeof value === 'string';
const isCount = (value: unknown): value is number => typeof value === 'number' && Number.isInteger(value) && value >= 0;

const ROW_IDS: readonly RowId[] = [
  'favorites', 'charts', 'new-hits', 'mood-stations', 'genre-stations', 'new-releases', 'kids', 'collected-playlists', 'album-collection', 'shared-playlists',
];
const LAYOUTS = ['tracks', 'artist', 'albums', 'kids'] as const;

/** The elements of `value` that `keep` accepts; [] when it is not a list. */
function listOf<T>(value: unknown, keep: (item: unknown) => item is T): T[] {
  return Array.isArray(value) ? value.filter(keep) : [];
}

export function isRef(value: unknown): value is DetailRef {
  return isObject(value) && isString(value.kind) && isString(value.id);
}

const isImage = (value: unknown): value is ImageView => isObject(value) && isString(value.url);

export function isTrack(value: unknown): value is TrackView {
  return isObject(value) && isString(value.id) && isString(value.name) && isString(value.artist) && isString(value.album) && optionalString(value.url);
}

export function isTile(value: unknown): value is TileView {
  return (
    isObject(value) &&
    isString(value.key) &&
    isString(value.title) &&
    optionalString(value.subtitle) &&
    optionalString(value.group) &&
    (value.ref === undefined || isRef(value.ref)) &&
    (value.track === undefined || isTrack(value.track)) &&
    Array.isArray(value.images)
  );
}

/** Each shape as `parse` reads it: the value, with its lists filtered, or undefined when it is not one. */
export const read = {
  pair(value: unknown): PairAnswer | undefined {
    return isObject(value) && isCredential(value.credential) && isObject(value.phone) && isString(value.phone.memberKey) ? (value as unknown as PairAnswer) : undefined;
  },
  me(value: unknown): PhoneView | undefined {
    return isObject(value) && isString(value.id) && isString(value.memberKey) ? (value as unknown as PhoneView) : undefined;
  },
  home(value: unknown): CompanionHome | undefined {
    if (!isObject(value)) return undefined;
    return { rows: listOf(value.rows, (id): id is RowId => ROW_IDS.includes(id as RowId)), memberOnScreen: value.memberOnScreen === true };
  },
  row(value: unknown): RowView | undefined {
    if (!isObject(value) || !isString(value.id)) return undefined;
    return { ...(value as unknown as RowView), tiles: listOf(value.tiles, isTile) };
  },
  detail(value: unknown): DetailView | undefined {
    if (!isObject(value) || !isRef(value.ref) || !isString(value.title) || !LAYOUTS.includes(value.layout as (typeof LAYOUTS)[number])) return undefined;
    const common = { ...value, images: listOf(value.images, isImage), url: isString(value.url) ? value.url : undefined };
    if (value.layout === 'kids') {
      const sections = listOf(value.sections, (s): s is Record_ => isObject(s) && isRef(s.ref) && isString(s.title)).map((s) => ({
        ...s,
        playlists: listOf(s.playlists, isTile),
        totalPlaylists: isCount(s.totalPlaylists) ? s.totalPlaylists : 0,
      }));
      return { ...common, sections } as unknown as DetailView;
    }
    const tracks = listOf(value.tracks, isTrack);
    const albums = listOf(value.albums, isTile);
    return {
      ...common,
      tracks,
      albums,
      totalTracks: isCount(value.totalTracks) ? value.totalTracks : tracks.length,
      totalAlbums: isCount(value.totalAlbums) ? value.totalAlbums : albums.length,
    } as unknown as DetailView;
  },
  tracks(value: unknown): TrackPageView | undefined {
    if (!isObject(value) || !isCount(value.offset) || !isCount(value.total)) return undefined;
    return { offset: value.offset, total: value.total, tracks: listOf(value.tracks, isTrack) };
  },
  tiles(value: unknown): TilePageView | undefined {
    if (!isObject(value) || !isCount(value.offset) || !isCount(value.total)) return undefined;
    return { offset: value.offset, total: value.total, tiles: listOf(value.tiles, isTile) };
  },
};

/** A link the page may open: http(s) only (never javascript: or data:). */
export function isWebLink(value: unknown): value is string {
  if (!isString(value)) return false;
  try {
    const url = new URL(value);
    return url.protocol === 'https:' || url.protocol === 'http:';
  } catch (error) {
    void error;
    return false;
  }
}

function readSent(value: unknown): SentItem | undefined {
  if (!isObject(value) || !isString(value.title) || !isWebLink(value.url) || (value.kind !== 'track' && value.kind !== 'detail')) return undefined;
  return { ...(value as unknown as SentItem), subtitle: isString(value.subtitle) ? value.subtitle : undefined, images: listOf(value.images, isImage) };
}

const SCREEN_KINDS = ['pairing', 'chooser', 'home', 'detail', 'settings', 'other'] as const;

/** An event of the stream, by its SSE name and JSON data; undefined for one the page does not know. */
export function readEvent(name: string, data: unknown): CompanionEvent | undefined {
  if (!isObject(data)) return undefined;
  if (name === 'screen' && isObject(data.screen)) {
    const { kind, title, scope, ref } = data.screen;
    if (!SCREEN_KINDS.includes(kind as (typeof SCREEN_KINDS)[number])) return undefined;
    return {
      type: 'screen',
      screen: {
        kind: kind as (typeof SCREEN_KINDS)[number],
        title: isString(title) ? title : undefined,
        scope: scope === 'member' ? 'member' : 'public',
        ref: isRef(ref) ? ref : undefined,
      },
    };
  }
  if (name === 'sent') {
    const item = readSent(data.item);
    return item === undefined ? undefined : { type: 'sent', item, sentAt: typeof data.sentAt === 'number' ? data.sentAt : 0 };
  }
  return undefined;
}
