/**
 * Generates one territory's catalog from the seed (see catalog.ts): artists and their albums and tracks, then the
 * charts, stations, categories and playlists, named from the territory's own lists (locales.ts).
 */
import { TERRITORIES, type Territory } from '../../shared/territory';
import { edgeCases } from './edgeCases';
import { TERRITORY_TEXT, type TerritoryText, type Themed } from './locales';
import { DEMO_MEMBERS, type DemoProfile } from './members';
import { NAME_PACKS, localEnglishPerson, type Lang } from './names';
import { Random } from './random';
import {
  CATALOG_EPOCH_SECONDS,
  CHILDREN_IMAGE_WIDTHS,
  ID_MARK,
  LONG_CHART_TRACKS,
  type AlbumRec,
  type ArtistRec,
  type ChildrenCategoryRec,
  type GenreStationRec,
  type MoodStationRec,
  type NewReleaseCategoryRec,
  type PlaylistRec,
  type TerritoryCatalog,
  type TrackRec,
  type UserRec,
} from './records';

const ISRC_COUNTRY: Partial<Record<Lang, readonly string[]>> = { en: ['US', 'GB', 'AU'], ko: ['KR'], ja: ['JP'] };

function pad(n: number, width: number): string {
  return String(n).padStart(width, '0');
}

function daysIn(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

export class TerritoryGenerator {
  private readonly text: TerritoryText;
  private readonly isrcSeq = new Map<string, number>();

  constructor(
    private readonly seed: number,
    private readonly territory: Territory,
  ) {
    this.text = TERRITORY_TEXT[territory];
  }

  private rng(part: string): Random {
    return new Random(`${this.seed}/${this.territory}/${part}`);
  }

  private newId(r: Random): string {
    return ID_MARK[this.territory] + r.id(17);
  }

  generate(): TerritoryCatalog {
    const artists = this.artists();
    const albums = artists.flatMap((a) => a.albums);
    const tracks = albums.flatMap((a) => a.tracks);
    const playable = tracks.filter((t) => t.territories.length > 0);
    const byLang = new Map<Lang, TrackRec[]>();
    for (const track of playable) {
      const list = byLang.get(track.album.artist.lang) ?? [];
      list.push(track);
      byLang.set(track.album.artist.lang, list);
    }
    const pool = (langs: Lang[] | undefined): TrackRec[] => {
      if (!langs) return playable;
      const picked = langs.flatMap((l) => byLang.get(l) ?? []);
      return picked.length > 0 ? picked : playable;
    };

    const curators = this.curators();
    const members = DEMO_MEMBERS.filter((m) => m.territory === this.territory).map(memberUser);
    const chartOwner: UserRec = { id: this.newId(this.rng('chart-owner')), name: this.text.chartOwner, description: '', territory: this.territory };
    const users = [chartOwner, ...curators, ...members];

    const charts = this.charts(chartOwner, pool);
    const newHits = this.newHits(curators, pool);
    const sharedPlaylists = this.sharedPlaylists([...curators, ...members], pool);
    const newReleaseCategories = this.newReleaseCategories(albums);
    const childrenCategories = this.childrenCategories(curators);
    const genreStations = this.genreStations(pool);
    const moodStations = this.moodStations(playable);

    // Children-category playlists open under /shared-playlists/{id} (sandbox/README.md), so they hold tracks too;
    // never an explicit one, as a service's children's corner does not.
    const childrenPlaylists = [...new Set(childrenCategories.flatMap((c) => [c, ...c.subcategories]).flatMap((c) => c.playlists))];
    const clean = playable.filter((t) => !t.explicit);
    const kidsTracks = this.rng('children-tracks');
    for (const playlist of childrenPlaylists) playlist.tracks = kidsTracks.sample(clean, kidsTracks.int(8, 25));
    const edge = edgeCases({
      seed: this.seed,
      territory: this.territory,
      mark: ID_MARK[this.territory],
      lang: this.text.languages[0]?.[0] ?? 'en',
      utcOffset: this.text.utcOffset,
      updatedAt: CATALOG_EPOCH_SECONDS - 86_400,
      owner: curators[0] ?? chartOwner,
      childSafe: clean,
    });
    childrenCategories.push(...edge.childrenCategories);

    const allChildren = childrenCategories.flatMap((c) => [c, ...c.subcategories]);
    return {
      territory: this.territory,
      artists,
      charts,
      newHits,
      sharedPlaylists,
      newReleaseCategories,
      childrenCategories,
      genreStations,
      moodStations,
      users,
      playable,
      byId: {
        artists: indexById([...artists, ...edge.artists]),
        albums: indexById([...albums, ...edge.albums]),
        tracks: indexById([...tracks, ...edge.tracks]),
        charts: indexById(charts),
        newHits: indexById(newHits),
        sharedPlaylists: indexById([...sharedPlaylists, ...childrenPlaylists, ...edge.playlists]),
        newReleaseCategories: indexById(newReleaseCategories),
        childrenCategories: indexById(allChildren),
        genreStations: indexById(genreStations),
        moodStations: indexById(moodStations),
        users: indexById(users),
      },
    };
  }

  private artists(): ArtistRec[] {
    const r = this.rng('artists');
    const langs = this.text.languages.map(([lang]) => lang);
    const weights = this.text.languages.map(([, w]) => w);
    const seen = new Set<string>();
    const out: ArtistRec[] = [];
    while (out.length < 100) {
      const lang = r.weighted(langs, weights);
      const pack = NAME_PACKS[lang];
      const solo = r.chance(0.65);
      let name = solo ? pack.person(r) : pack.group(r);
      if (solo && lang === 'en' && (this.territory === 'SG' || this.territory === 'MY') && r.chance(0.5)) name = localEnglishPerson(r);
      if (seen.has(name)) continue;
      seen.add(name);
      const artist: ArtistRec = { id: this.newId(r), name, lang, albums: [] };
      const registrant = `${String.fromCharCode(65 + r.int(0, 25))}${String.fromCharCode(65 + r.int(0, 25))}${r.int(0, 9)}`;
      const albumCount = r.weighted([1, 2, 3, 4, 5], [2, 3, 3, 2, 1]);
      for (let i = 0; i < albumCount; i += 1) artist.albums.push(this.album(r, artist, registrant));
      out.push(artist);
    }
    return out;
  }

  private album(r: Random, artist: ArtistRec, registrant: string): AlbumRec {
    const pack = NAME_PACKS[artist.lang];
    const others = TERRITORIES.filter((t) => t !== this.territory && r.chance(0.4));
    const territories: Territory[] = r.chance(0.04) ? [] : [this.territory, ...others].sort(territoryOrder);
    const recent = r.chance(0.2);
    const { releaseDate, sortKey, year } = this.releaseDate(r, recent);
    const kind = r.weighted(['single', 'ep', 'lp'] as const, [1, 1, 2]);
    const trackCount = kind === 'single' ? r.int(1, 2) : kind === 'ep' ? r.int(4, 6) : r.int(9, 13);
    const album: AlbumRec = {
      id: this.newId(r),
      name: pack.album(r),
      artist,
      explicit: false,
      territories,
      releaseDate,
      sortKey,
      recent,
      tracks: [],
    };
    const names = new Set<string>();
    // The title track of a single carries the album's name, as singles do.
    if (kind === 'single') names.add(album.name);
    let guard = 0;
    while (names.size < trackCount && guard < 200) {
      names.add(pack.song(r));
      guard += 1;
    }
    const country = r.pick(ISRC_COUNTRY[artist.lang] ?? [this.territory]);
    let number = 1;
    for (const name of names) {
      const explicit = r.chance(0.07);
      const seqKey = `${country}${registrant}${year}`;
      const seq = (this.isrcSeq.get(seqKey) ?? 0) + 1;
      this.isrcSeq.set(seqKey, seq);
      // Territories are generated apart, each with its own counter: the designation's first digit is the territory's,
      // so two territories' recordings never share an ISRC (9 is left to the edge-case records).
      const designation = `${TERRITORIES.indexOf(this.territory)}${pad(seq, 4)}`;
      const trackTerritories =
        territories.length > 1 && r.chance(0.1) ? territories.filter((t) => t === this.territory || r.chance(0.5)) : territories;
      const seconds = Math.min(360, Math.max(120, r.int(150, 270) + r.int(-30, 80)));
      album.tracks.push({
        id: this.newId(r),
        name,
        durationMs: seconds * 1000 + r.int(0, 999),
        // ISO 3901 as services send it: country, registrant, year, designation; 12 characters, no hyphens.
        isrc: `${country}${registrant}${pad(year % 100, 2)}${designation}`,
        trackNumber: number,
        explicit,
        territories: trackTerritories,
        album,
        seedable: r.chance(0.9),
        popularity: r.next(),
      });
      album.explicit ||= explicit;
      number += 1;
    }
    return album;
  }

  private releaseDate(r: Random, recent: boolean): { releaseDate: string | undefined; sortKey: number; year: number } {
    if (recent) {
      const epoch = new Date(CATALOG_EPOCH_SECONDS * 1000 - r.int(0, 75) * 86_400_000);
      const y = epoch.getUTCFullYear();
      const m = epoch.getUTCMonth() + 1;
      const d = epoch.getUTCDate();
      return { releaseDate: `${y}-${pad(m, 2)}-${pad(d, 2)}`, sortKey: y * 10_000 + m * 100 + d, year: y };
    }
    const year = r.weighted([r.int(1995, 2009), r.int(2010, 2019), r.int(2020, 2025)], [1, 2, 3]);
    const month = r.int(1, 12);
    const day = r.int(1, daysIn(year, month));
    const roll = r.next();
    if (roll < 0.05) return { releaseDate: undefined, sortKey: 0, year };
    if (roll < 0.08) return { releaseDate: `${year}-00-00`, sortKey: year * 10_000, year };
    if (roll < 0.16) return { releaseDate: `${year}-${pad(month, 2)}-00`, sortKey: year * 10_000 + month * 100, year };
    return { releaseDate: `${year}-${pad(month, 2)}-${pad(day, 2)}`, sortKey: year * 10_000 + month * 100 + day, year };
  }

  private curators(): UserRec[] {
    const r = this.rng('curators');
    return this.text.curators.map((name) => ({
      id: this.newId(r),
      name,
      description: r.pick(this.text.sharedDescriptions),
      territory: this.territory,
    }));
  }

  private updatedAt(r: Random, maxHoursAgo: number): number {
    return CATALOG_EPOCH_SECONDS - r.int(0, maxHoursAgo * 3600);
  }

  private playlist(r: Random, title: string, description: string, owner: UserRec, tracks: TrackRec[], maxHoursAgo: number): PlaylistRec {
    return { id: this.newId(r), title, description, owner, updatedAt: this.updatedAt(r, maxHoursAgo), utcOffset: this.text.utcOffset, tracks };
  }

  private charts(owner: UserRec, pool: (langs: Lang[] | undefined) => TrackRec[]): PlaylistRec[] {
    const r = this.rng('charts');
    return this.text.charts.map((chart: Themed, index) => {
      const size = index === this.text.longChart ? LONG_CHART_TRACKS : r.pick([50, 100, 100, 200]);
      const source = index === this.text.longChart ? pool(undefined) : pool(chart.langs);
      const tracks = byPopularity(r.sample(source, size));
      return this.playlist(r, chart.title, this.text.chartDescription(chart.title), owner, tracks, 30);
    });
  }

  private newHits(curators: UserRec[], pool: (langs: Lang[] | undefined) => TrackRec[]): PlaylistRec[] {
    const r = this.rng('new-hits');
    return this.text.newHits.map((entry) => {
      const fresh = pool(entry.langs).filter((t) => t.album.recent);
      const source = fresh.length >= 30 ? fresh : pool(entry.langs);
      return this.playlist(r, entry.title, this.text.newHitsDescription(entry.title), r.pick(curators), r.sample(source, r.int(30, 80)), 24 * 7);
    });
  }

  private sharedPlaylists(owners: UserRec[], pool: (langs: Lang[] | undefined) => TrackRec[]): PlaylistRec[] {
    const r = this.rng('shared');
    return owners.flatMap((owner) =>
      r.sample(this.text.sharedTitles, r.int(3, 6)).map((title) =>
        this.playlist(r, title, r.pick(this.text.sharedDescriptions), owner, r.sample(pool(undefined), r.int(12, 60)), 24 * 90),
      ),
    );
  }

  /**
   * Each album is a new release in one category only, as on the service, so no two categories show the same albums.
   * Several categories can take one language (華語, 台語 and 粵語 all take Mandarin-generated artists): the first listed
   * takes most. The catch-all category (no languages) shares the territory's main language and any language taken by
   * several categories or by none, so a small language keeps its few albums in its own category.
   */
  private newReleaseCategories(albums: AlbumRec[]): NewReleaseCategoryRec[] {
    const r = this.rng('new-release');
    const entries = this.text.newReleaseCategories;
    const mainLang = this.text.languages[0]?.[0];
    const members = entries.map((): AlbumRec[] => []);
    for (const album of albums) {
      if (album.territories.length === 0) continue;
      const lang = album.artist.lang;
      const specific = entries.flatMap((entry, index) => (entry.langs?.includes(lang) === true ? [index] : []));
      const catchAll = specific.length !== 1 || lang === mainLang ? entries.flatMap((entry, index) => (entry.langs === undefined ? [index] : [])) : [];
      const takers = [...specific, ...catchAll];
      if (takers.length === 0) continue;
      const home = r.weighted(takers, takers.map((index) => (index === specific[0] ? 3 : 1)));
      members[home]?.push(album);
    }
    return entries.map((entry, index) => {
      const sorted = (members[index] ?? []).sort((a, b) => b.sortKey - a.sortKey);
      const count = Math.min(sorted.length, r.int(20, 40));
      return { id: this.newId(r), title: entry.title, albums: sorted.slice(0, count) };
    });
  }

  private childrenCategories(curators: UserRec[]): ChildrenCategoryRec[] {
    const r = this.rng('children');
    const [first, second, series] = this.text.childrenPlaylistWords;
    const join = (a: string, b: string): string => (b === '' ? a : /[A-Za-z]$/.test(a) || /^[A-Za-z]/.test(b) ? `${a} ${b}` : `${a}${b}`);
    const titles = first.flatMap((a) => second.flatMap((b) => series.map((s) => (s === '' ? join(a, b) : `${join(a, b)} ${s}`))));
    const playlists = (count: number): PlaylistRec[] =>
      r.sample(titles, count).map((title) => this.playlist(r, title, '', r.pick(curators), [], 24 * 60));
    return this.text.children.map((theme, index) => {
      // One category holds more than 100 playlists, so the cap of 100 per page is exercised.
      const top = playlists(index === 0 ? Math.min(titles.length, 130) : r.int(12, 30));
      const subcategories = theme.subcategories.map((title) => ({
        id: this.newId(r),
        title,
        imageWidths: [r.pick(CHILDREN_IMAGE_WIDTHS)],
        subcategories: [],
        playlists: r.sample(top, r.int(6, 12)),
      }));
      return { id: this.newId(r), title: theme.title, imageWidths: r.sample(CHILDREN_IMAGE_WIDTHS, 2).sort((a, b) => a - b), subcategories, playlists: top };
    });
  }

  private genreStations(pool: (langs: Lang[] | undefined) => TrackRec[]): GenreStationRec[] {
    const r = this.rng('genre-stations');
    return this.text.genreCategories.flatMap((category) =>
      category.stations.map((name) => ({ id: this.newId(r), category: category.category, name, tracks: r.sample(pool(category.langs), 100) })),
    );
  }

  private moodStations(playable: TrackRec[]): MoodStationRec[] {
    const r = this.rng('mood-stations');
    return this.text.moods.map((name) => ({ id: this.newId(r), name, tracks: r.sample(playable, 100) }));
  }
}

function territoryOrder(a: Territory, b: Territory): number {
  return TERRITORIES.indexOf(a) - TERRITORIES.indexOf(b);
}

export function byPopularity(tracks: TrackRec[]): TrackRec[] {
  return tracks.sort((a, b) => b.popularity - a.popularity);
}

function indexById<T extends { id: string }>(items: readonly T[]): Map<string, T> {
  return new Map(items.map((item) => [item.id, item]));
}

function memberUser(member: DemoProfile): UserRec {
  return { id: member.id, name: member.name, description: member.description, territory: member.territory };
}
