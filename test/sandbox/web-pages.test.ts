/**
 * The pages behind the catalog's `url` fields: each one a phone can open (title, artwork, artist), so "open on your
 * phone" leads somewhere in the demo.
 */
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { AlbumSchema, ArtistSchema, PlaylistPageSchema, TrackSchema, UserSchema } from '../../shared/service/catalog';
import { catalogFixture } from './catalog-fixture';
import { x } from './contract-paths';

const fx = catalogFixture();

interface Page {
  status: number;
  type: string;
  html: string;
}

async function open(url: string): Promise<Page> {
  const res = await fetch(url);
  return { status: res.status, type: res.headers.get('content-type') ?? '', html: await res.text() };
}

function unescape(text: string): string {
  return text.replace(/&#39;/g, "'").replace(/&quot;/g, '"').replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&');
}

/** The page's heading and every picture it shows, each fetched as the phone would. */
async function expectPage(url: string, title: string, also: string[]): Promise<void> {
  const page = await open(url);
  expect(page.status, url).toBe(200);
  expect(page.type).toMatch(/^text\/html/);
  expect(unescape(/<h1>(.*?)<\/h1>/s.exec(page.html)?.[1] ?? '')).toContain(title);
  const text = unescape(page.html);
  for (const words of also) expect(text).toContain(words);
  const pictures = [...page.html.matchAll(/<img [^>]*src="([^"]+)"/g)].map((m) => m[1] ?? '');
  expect(pictures.length).toBeGreaterThan(0);
  for (const src of pictures.slice(0, 3)) {
    const res = await fetch(new URL(src, url));
    expect(res.status, src).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/jpeg');
  }
}

describe('the website pages behind every url', () => {
  it('a track: its title, artist, album and cover', async () => {
    const track = TrackSchema.parse((await fx.get(`/tracks/${x.track.id}?territory=TW`)).body);
    await expectPage(track.url, track.name, [x.track.album.artist.name, x.track.album.name]);
  });

  it('an album: its title, artist and every track', async () => {
    const album = AlbumSchema.parse((await fx.get(`/albums/${x.album.id}?territory=TW`)).body);
    await expectPage(album.url, album.name, [x.album.artist.name, ...x.album.tracks.map((t) => t.name)]);
  });

  it('an artist: the name, top tracks and albums', async () => {
    const artist = ArtistSchema.parse((await fx.get(`/artists/${x.artist.id}?territory=TW`)).body);
    await expectPage(artist.url, artist.name, x.artist.albums.map((a) => a.name));
  });

  it.each([
    ['a chart', '/charts?territory=TW'],
    ['a new-hits playlist', '/new-hits-playlists?territory=TW'],
    ['a children-category playlist', `/children-categories/${x.children.id}/playlists?territory=TW`],
  ])('%s: its title and owner', async (_label, path) => {
    const playlist = PlaylistPageSchema.parse((await fx.get(path)).body).data[0];
    if (!playlist) throw new Error(`No playlist at ${path}.`);
    await expectPage(playlist.url, playlist.title, [playlist.owner.name]);
  });

  it('a shared playlist and its owner\'s profile', async () => {
    const body = z.object({ url: z.string(), title: z.string(), owner: UserSchema }).parse((await fx.get(`/shared-playlists/${x.shared.id}?territory=TW`)).body);
    await expectPage(body.url, body.title, [body.owner.name, x.shared.tracks[0]?.name ?? '']);
    await expectPage(body.owner.url, body.owner.name, [body.title]);
  });

  it('an unknown id is a page saying so, with a 404', async () => {
    for (const kind of ['track', 'album', 'artist', 'playlist', 'profile']) {
      const page = await open(`${fx.sb.origin}/web/${kind}/Tnope0000000000000`);
      expect(page.status).toBe(404);
      expect(page.type).toMatch(/^text\/html/);
      expect(page.html).toContain(`This ${kind} is not in the sandbox`);
    }
    expect((await open(`${fx.sb.origin}/web/poster/${x.album.id}`)).status).toBe(404);
  });

  it('pages load nothing from elsewhere and cannot be framed', async () => {
    const res = await fetch(`${fx.sb.origin}/web/track/${x.track.id}`);
    expect(res.headers.get('content-security-policy')).toMatch(/default-src 'none'; img-src 'self'/);
    expect(res.headers.get('x-frame-options')).toBe('DENY');
  });
});

describe("the catalog's odd records", () => {
  const id = (name: string): string => `T${name}`;

  it('an album without pictures or tracks, and a track listed without its album, still have pages', async () => {
    const album = await open(`${fx.sb.origin}/web/album/${id('edge-album-silent')}`);
    expect(album.status).toBe(200);
    expect(album.html).toContain('aria-label="No picture"');
    expect(album.html).not.toContain('<img');
    expect(album.html).toContain('No tracks.');
    const track = await open(`${fx.sb.origin}/web/track/${id('edge-track-nohome')}`);
    expect(track.status).toBe(200);
    expect(track.html).not.toContain('/web/album/');
    const artist = await open(`${fx.sb.origin}/web/artist/${id('edge-artist-alone')}`);
    expect(artist.status).toBe(200);
    expect(artist.html).toContain('No albums.');
  });
});
