/**
 * Every path of the contract with real ids from the default seed's TW catalog: the catalog paths (territory left out),
 * the member paths, and the token service's, for tests that walk them all.
 */
import { createCatalog } from '../../sandbox/data/catalog';
import { DEFAULT_OPTIONS } from '../../sandbox/options';

const data = createCatalog(DEFAULT_OPTIONS.seed).territory('TW');

function ids() {
  const chart = data.charts[0];
  const longChart = data.charts.find((c) => c.tracks.length > 500);
  const newHits = data.newHits[0];
  const release = data.newReleaseCategories[0];
  const shared = data.sharedPlaylists[0];
  const children = data.childrenCategories[0];
  const genre = data.genreStations[0];
  const mood = data.moodStations[0];
  const track = data.playable.find((t) => t.seedable);
  const unseedable = data.playable.find((t) => !t.seedable);
  const curator = data.users.find((u) => !u.id.startsWith('member-'));
  if (!chart || !longChart || !newHits || !release || !shared || !children || !genre || !mood || !track || !unseedable || !curator) {
    throw new Error('The generated catalog lacks a resource the tests need.');
  }
  return {
    chart,
    longChart,
    newHits,
    release,
    shared,
    children,
    genre,
    mood,
    track,
    unseedable,
    curator,
    artist: track.album.artist,
    album: track.album,
  };
}

/** Resources of the TW catalog that every kind of path can name. */
export const x = ids();

/** Every catalog path with its (required) territory left out. */
export const CATALOG_PATHS = [
  '/charts',
  `/charts/${x.chart.id}`,
  `/charts/${x.chart.id}/tracks`,
  '/new-hits-playlists',
  `/new-hits-playlists/${x.newHits.id}`,
  `/new-hits-playlists/${x.newHits.id}/tracks`,
  '/new-release-categories',
  `/new-release-categories/${x.release.id}`,
  `/new-release-categories/${x.release.id}/albums`,
  `/shared-playlists/${x.shared.id}`,
  `/shared-playlists/${x.shared.id}/tracks`,
  '/children-categories',
  `/children-categories/${x.children.id}`,
  `/children-categories/${x.children.id}/playlists`,
  '/genre-stations',
  `/genre-stations/${x.genre.id}`,
  '/mood-stations',
  `/mood-stations/${x.mood.id}`,
  `/artists/${x.artist.id}`,
  `/artists/${x.artist.id}/albums`,
  `/artists/${x.artist.id}/top-tracks`,
  `/albums/${x.album.id}`,
  `/albums/${x.album.id}/tracks`,
  `/tracks/${x.track.id}`,
  `/tracks/${x.track.id}/recommended-tracks`,
];

/** Every member path the contract lists for GET (POST /me/favorite too). */
export const MEMBER_PATHS = [
  `/users/${x.curator.id}`,
  `/users/${x.curator.id}/album-collection`,
  `/users/${x.curator.id}/playlist-collection`,
  `/users/${x.curator.id}/shared-playlists`,
  '/me',
  '/me/favorite',
];

/** Paths whose answer changes from call to call (station tracks are reshuffled on every call). */
export const SHUFFLED_PATHS: ReadonlySet<string> = new Set([`/genre-stations/${x.genre.id}`, `/mood-stations/${x.mood.id}`]);
