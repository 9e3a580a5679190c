/**
 * What each territory's editors call things: charts, stations, categories, playlists. Each list is written in the
 * territory's languages so the generated catalog reads like the real one on a TV. Each territory's lists are in
 * territories/, one file each.
 */
import type { Territory } from '../../shared/territory';
import type { Lang } from './names';
import { HK } from './territories/hk';
import { JP } from './territories/jp';
import { MY } from './territories/my';
import { SG } from './territories/sg';
import { TW } from './territories/tw';

/** A list entry whose tracks come from artists singing in `langs` (all languages when absent). */
export interface Themed {
  title: string;
  langs?: Lang[];
}

export interface GenreCategory {
  category: string;
  langs?: Lang[];
  stations: string[];
}

export interface ChildrenTheme {
  title: string;
  subcategories: string[];
}

export interface TerritoryText {
  /** Share of each language among the territory's artists. */
  languages: [Lang, number][];
  /** UTC offset of the territory, used in ISO 8601 timestamps. */
  utcOffset: '+08:00' | '+09:00';
  charts: Themed[];
  /** Index into `charts` of the long chart (more than 500 tracks, so paging past 500 is exercised). */
  longChart: number;
  chartDescription: (title: string) => string;
  chartOwner: string;
  newHits: Themed[];
  newHitsDescription: (title: string) => string;
  newReleaseCategories: Themed[];
  genreCategories: GenreCategory[];
  moods: string[];
  children: ChildrenTheme[];
  /** Adjectives, nouns and series words combined into children's playlist titles. */
  childrenPlaylistWords: [string[], string[], string[]];
  curators: string[];
  sharedTitles: string[];
  sharedDescriptions: string[];
}

export const TERRITORY_TEXT: Record<Territory, TerritoryText> = { TW, HK, SG, MY, JP };
