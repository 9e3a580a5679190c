/**
 * The sandbox's generated catalog: artists, albums, tracks, charts, stations, categories and playlists per territory.
 *
 * Deterministic (everything comes from the seed) and lazy: a territory is generated the first time it is asked for
 * and kept in memory. A territory is made by territoryGenerator.ts; its records (records.ts) carry no URLs, and
 * catalog/shape.ts turns them into the service's JSON.
 */
import { TERRITORIES, type Territory } from '../../shared/territory';
import { DEMO_MEMBERS } from './members';
import { Random } from './random';
import { ID_MARK, type ArtistRec, type TerritoryCatalog, type TrackRec, type UserLibrary } from './records';
import { byPopularity, TerritoryGenerator } from './territoryGenerator';

export { CATALOG_EPOCH_SECONDS, CHILDREN_IMAGE_WIDTHS, LONG_CHART_TRACKS } from './records';
export type * from './records';

export class Catalog {
  private readonly territories = new Map<Territory, TerritoryCatalog>();
  private readonly libraries = new Map<string, UserLibrary>();

  constructor(readonly seed: number) {}

  /** The territory's catalog, generated on first use. */
  territory(territory: Territory): TerritoryCatalog {
    let catalog = this.territories.get(territory);
    if (!catalog) {
      catalog = new TerritoryGenerator(this.seed, territory).generate();
      this.territories.set(territory, catalog);
    }
    return catalog;
  }

  /** The territories generated so far (generation is lazy; nothing happens at start). */
  generated(): Territory[] {
    return [...this.territories.keys()];
  }

  /** The catalog that made an id (generating it if needed); undefined for ids this catalog never issues. */
  catalogFor(id: string): TerritoryCatalog | undefined {
    const member = DEMO_MEMBERS.find((m) => m.id === id);
    if (member) return this.territory(member.territory);
    const territory = TERRITORIES.find((t) => ID_MARK[t] === id.charAt(0));
    return territory && id.length === 18 ? this.territory(territory) : undefined;
  }

  /** Recommendations seeded by a track: a stable list for a given seed track, or undefined when it cannot seed. */
  recommendations(track: TrackRec): TrackRec[] | undefined {
    if (!track.seedable) return undefined;
    const catalog = this.catalogFor(track.id);
    if (!catalog) return undefined;
    const r = new Random(`${this.seed}/recommend/${track.id}`);
    const sameLang = catalog.playable.filter((t) => t.id !== track.id && t.album.artist.lang === track.album.artist.lang);
    const source = sameLang.length >= 80 ? sameLang : catalog.playable.filter((t) => t.id !== track.id);
    return r.sample(source, 80);
  }

  /** The top tracks of an artist: their most popular tracks, at most 40. */
  topTracks(artist: ArtistRec): TrackRec[] {
    return byPopularity(artist.albums.flatMap((a) => a.tracks)).slice(0, 40);
  }

  /** What a user (member or curator) has collected; undefined for unknown users. */
  library(userId: string): UserLibrary | undefined {
    const cached = this.libraries.get(userId);
    if (cached) return cached;
    const catalog = this.catalogFor(userId);
    const user = catalog?.byId.users.get(userId);
    if (!catalog || !user) return undefined;
    const isMember = DEMO_MEMBERS.some((m) => m.id === userId);
    const r = new Random(`${this.seed}/library/${userId}`);
    const albums = catalog.artists.flatMap((a) => a.albums).filter((a) => a.territories.length > 0);
    const others = [...catalog.charts, ...catalog.newHits, ...catalog.sharedPlaylists.filter((p) => p.owner.id !== userId)];
    const library: UserLibrary = {
      user,
      albums: r.sample(albums, isMember ? 28 : r.int(0, 8)),
      playlists: r.sample(others, isMember ? 14 : r.int(0, 5)),
      sharedPlaylists: catalog.sharedPlaylists.filter((p) => p.owner.id === userId),
      favorites: r.sample(catalog.playable, isMember ? 36 : r.int(0, 10)),
    };
    this.libraries.set(userId, library);
    return library;
  }
}

export function createCatalog(seed: number): Catalog {
  return new Catalog(seed);
}
