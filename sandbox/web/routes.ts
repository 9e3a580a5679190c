/** GET /web/{track|album|artist|playlist|profile}/{id}: the pages behind the catalog's `url` fields. */
import type { Context, Hono } from 'hono';
import { messagePage } from '../auth/pages';
import type { Catalog, PlaylistRec } from '../data/catalog';
import { albumPage, artistPage, playlistPage, profilePage, trackPage } from './pages';

const PAGE_HEADERS = {
  'Cache-Control': 'no-store',
  'X-Frame-Options': 'DENY',
  // Pictures are the sandbox's own artwork; nothing else loads.
  'Content-Security-Policy': "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'; frame-ancestors 'none'",
  'Referrer-Policy': 'no-referrer',
} as const;

/** Any playlist a `url` can name: charts, new-hits, shared, and the children categories' playlists. */
function playlistById(catalog: Catalog, id: string): PlaylistRec | undefined {
  const cat = catalog.catalogFor(id);
  if (!cat) return undefined;
  const direct = cat.byId.charts.get(id) ?? cat.byId.newHits.get(id) ?? cat.byId.sharedPlaylists.get(id);
  if (direct) return direct;
  for (const category of cat.childrenCategories) {
    const found = category.playlists.find((p) => p.id === id);
    if (found) return found;
  }
  return undefined;
}

export function mountWebPages(app: Hono, catalog: Catalog): void {
  const show = (c: Context, body: string | undefined, what: string): Response =>
    body === undefined
      ? c.html(messagePage('Not found', `This ${what} is not in the sandbox's catalog.`), 404, { ...PAGE_HEADERS })
      : c.html(body, 200, { ...PAGE_HEADERS });

  app.get('/web/track/:id', (c) => {
    const id = c.req.param('id');
    const track = catalog.catalogFor(id)?.byId.tracks.get(id);
    return show(c, track && trackPage(track), 'track');
  });
  app.get('/web/album/:id', (c) => {
    const id = c.req.param('id');
    const album = catalog.catalogFor(id)?.byId.albums.get(id);
    return show(c, album && albumPage(album), 'album');
  });
  app.get('/web/artist/:id', (c) => {
    const id = c.req.param('id');
    const artist = catalog.catalogFor(id)?.byId.artists.get(id);
    return show(c, artist && artistPage(artist, catalog.topTracks(artist)), 'artist');
  });
  app.get('/web/playlist/:id', (c) => {
    const playlist = playlistById(catalog, c.req.param('id'));
    return show(c, playlist && playlistPage(playlist), 'playlist');
  });
  app.get('/web/profile/:id', (c) => {
    const id = c.req.param('id');
    const user = catalog.catalogFor(id)?.byId.users.get(id);
    return show(c, user && profilePage(user, catalog.library(user.id)?.sharedPlaylists ?? []), 'profile');
  });
}
