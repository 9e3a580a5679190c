/**
 * What voice guidance says, as test data: the sandbox's own catalog names of each territory (the seed the sandbox
 * starts with), and every UI string of the three languages with its placeholders filled. Deterministic.
 */
import { createCatalog } from '../../../../../sandbox/data/catalog';
import { DEFAULT_OPTIONS } from '../../../../../sandbox/options';
import type { Language } from '../../../../../shared/bridge';
import type { Territory } from '../../../../../shared/territory';
import { en } from '../../../../../renderer/src/i18n/en';
import { ja } from '../../../../../renderer/src/i18n/ja';
import { zhHant } from '../../../../../renderer/src/i18n/zh-Hant';

export interface Named {
  kind: 'chart' | 'station' | 'category' | 'artist' | 'album' | 'track' | 'playlist' | 'user';
  text: string;
}

/**
 * Every distinct name a territory's catalog shows on a tile or a detail: charts and new hits, stations, categories,
 * artists, albums, tracks, playlists and their owners.
 */
export function territoryNames(territory: Territory, seed = DEFAULT_OPTIONS.seed): Named[] {
  const catalog = createCatalog(seed).territory(territory);
  const albums = catalog.artists.flatMap((artist) => artist.albums);
  const children = catalog.childrenCategories.flatMap((category) => [category, ...category.subcategories]);
  const named: Named[] = [
    ...[...catalog.charts, ...catalog.newHits].map((p) => ({ kind: 'chart' as const, text: p.title })),
    ...[...catalog.genreStations, ...catalog.moodStations].map((s) => ({ kind: 'station' as const, text: s.name })),
    ...catalog.genreStations.map((s) => ({ kind: 'category' as const, text: s.category })),
    ...[...catalog.newReleaseCategories, ...children].map((c) => ({ kind: 'category' as const, text: c.title })),
    ...catalog.artists.map((a) => ({ kind: 'artist' as const, text: a.name })),
    ...albums.map((a) => ({ kind: 'album' as const, text: a.name })),
    ...albums.flatMap((a) => a.tracks).map((t) => ({ kind: 'track' as const, text: t.name })),
    ...[...catalog.sharedPlaylists, ...children.flatMap((c) => c.playlists)].map((p) => ({ kind: 'playlist' as const, text: p.title })),
    ...catalog.users.map((u) => ({ kind: 'user' as const, text: u.name })),
  ];
  const seen = new Set<string>();
  return named.filter(({ text }) => text.trim() !== '' && !seen.has(text) && seen.add(text) !== undefined);
}

/** A value for each placeholder, as the screens fill them. */
const SAMPLES: Record<string, string> = {
  artist: 'Nora Sloane',
  attempt: '2',
  code: 'VBMP-BPWV',
  count: '3',
  date: '2026-11-20',
  detail: 'timeout',
  fix: 'Restart Tunewall',
  index: '2',
  language: 'English',
  max: '24',
  minutes: '6',
  ms: '120',
  name: 'Nora',
  origin: 'https://api.tunewall.app',
  owner: 'Nora',
  path: '/etc/tunewall/config.json',
  reason: 'timeout',
  scheme: 'https',
  seconds: '44',
  settings: 'Settings',
  territories: 'TW, HK',
  territory: 'Taiwan',
  time: '07:30',
  url: 'tunewall.app/tv',
  value: '100',
  version: '1.2.0',
  what: 'config',
};

type Tree = { readonly [key: string]: string | Tree };

function strings(tree: Tree, prefix = ''): { key: string; text: string }[] {
  return Object.entries(tree).flatMap(([key, value]) =>
    typeof value === 'string' ? [{ key: `${prefix}${key}`, text: value }] : strings(value, `${prefix}${key}.`),
  );
}

export const LOCALES: Readonly<Record<Language, Tree>> = { en, 'zh-Hant': zhHant, ja };

/** Every UI string of a language, its placeholders filled; those left empty are left out. */
export function uiStrings(language: Language): { key: string; text: string }[] {
  return strings(LOCALES[language])
    .map(({ key, text }) => ({ key, text: text.replace(/\{\{(\w+)\}\}/g, (_, name: string) => SAMPLES[name] ?? '3') }))
    .filter(({ text }) => text.trim() !== '');
}
