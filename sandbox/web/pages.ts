/**
 * The service's website, as far as a phone needs it: the page behind each `url` the catalog hands out (track, album,
 * artist, playlist, profile), so that "open on your phone" leads somewhere in the demo. Phone-sized, server-rendered,
 * no JavaScript; pictures come from the sandbox's own artwork, by path, so they load on whichever origin the phone used.
 */
import { html, type Html } from '../auth/html';
import { page } from '../auth/pages';
import { artworkUrl, type ArtworkKind } from '../artwork';
import type { AlbumRec, ArtistRec, PlaylistRec, TrackRec, UserRec } from '../data/catalog';

const WEB_STYLE = `
.cover{display:block;width:100%;height:auto;aspect-ratio:1;border-radius:.75rem;background:var(--muted)}
.cover.round{border-radius:50%;width:60%;margin:0 auto}
.cover.none{display:flex;align-items:center;justify-content:center;font-size:4rem;color:var(--card)}
.kind{color:var(--muted);font-size:.85rem;letter-spacing:.08em;text-transform:uppercase;margin:1rem 0 0}
h1{overflow-wrap:anywhere}
h2{font-size:1.2rem;margin:.25rem 0 .5rem}
.by{font-size:1.1rem;margin:.25rem 0}
a{color:var(--accent)}
.facts{color:var(--muted);font-size:.95rem}
.badge{display:inline-block;border:1px solid var(--muted);border-radius:.3rem;padding:0 .3rem;font-size:.75rem;margin-left:.35rem;vertical-align:middle}
ol.tracks{list-style:none;padding:0;margin:0}
ol.tracks li{display:flex;gap:.6rem;align-items:baseline;padding:.55rem 0;border-bottom:1px solid rgba(127,127,127,.3)}
ol.tracks .n{color:var(--muted);min-width:1.6rem;text-align:right;font-variant-numeric:tabular-nums}
ol.tracks .t{flex:1;min-width:0;overflow-wrap:anywhere}
ol.tracks .d{color:var(--muted);font-variant-numeric:tabular-nums}
ul.albums{list-style:none;padding:0;margin:0;display:grid;grid-template-columns:repeat(2,minmax(0,1fr));gap:.75rem}
ul.albums .cover{border-radius:.5rem;font-size:2rem}
`;

/** How many tracks a list shows before saying how many more there are. */
const LIST_LIMIT = 50;

function cover(kind: Exclude<ArtworkKind, 'children'>, id: string, side: number, alt: string, round = false): Html {
  return html`<img class="cover${round ? ' round' : ''}" src="${artworkUrl('', kind, id, side, side)}" width="${side}" height="${side}" alt="${alt}">`;
}

/** Where a record comes without pictures (an edge case of the catalog), a plain square says so. */
function albumCover(a: AlbumRec, side: number): Html {
  return a.artwork === 'none' ? html`<div class="cover none" role="img" aria-label="No picture">♪</div>` : cover('album', a.id, side, a.name);
}

export function duration(ms: number): string {
  const seconds = Math.round(ms / 1000);
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
}

const explicitBadge = (explicit: boolean): Html => (explicit ? html`<span class="badge" title="Explicit">E</span>` : html``);
const artistLink = (a: ArtistRec): Html => html`<a href="/web/artist/${encodeURIComponent(a.id)}">${a.name}</a>`;
const albumLink = (a: AlbumRec): Html => html`<a href="/web/album/${encodeURIComponent(a.id)}">${a.name}</a>`;

function trackList(tracks: readonly TrackRec[], numbered: 'position' | 'track-number', withArtist: boolean): Html {
  if (tracks.length === 0) return html`<p class="muted">No tracks.</p>`;
  const items = tracks.slice(0, LIST_LIMIT).map(
    (t, i) =>
      html`<li><span class="n">${numbered === 'position' ? i + 1 : t.trackNumber}</span><span class="t"><a href="/web/track/${encodeURIComponent(t.id)}">${t.name}</a>${explicitBadge(t.explicit)}${
        withArtist ? html`<br><span class="muted">${t.album.artist.name}</span>` : ''
      }</span><span class="d">${duration(t.durationMs)}</span></li>`,
  );
  const more = tracks.length > LIST_LIMIT ? html`<p class="muted">and ${tracks.length - LIST_LIMIT} more.</p>` : '';
  return html`<ol class="tracks">${items}</ol>${more}`;
}

export function trackPage(t: TrackRec): string {
  // A track the service lists without its album (an edge case) shows none here either.
  const album = t.albumless === true ? undefined : t.album;
  return page(
    t.name,
    html`<div class="card">${album === undefined ? html`<div class="cover none" role="img" aria-label="No picture">♪</div>` : albumCover(album, 500)}
<p class="kind">Track</p><h1>${t.name}${explicitBadge(t.explicit)}</h1>
<p class="by">${artistLink(t.album.artist)}</p>
<p class="facts">${album === undefined ? '' : html`From ${albumLink(album)} · `}track ${t.trackNumber} · ${duration(t.durationMs)}</p>
<p class="facts">ISRC <code>${t.isrc}</code></p></div>`,
    WEB_STYLE,
  );
}

export function albumPage(a: AlbumRec): string {
  return page(
    a.name,
    html`<div class="card">${albumCover(a, 500)}
<p class="kind">Album</p><h1>${a.name}${explicitBadge(a.explicit)}</h1>
<p class="by">${artistLink(a.artist)}</p>
<p class="facts">${a.releaseDate === undefined ? 'Release date unknown' : `Released ${a.releaseDate}`} · ${a.tracks.length} ${a.tracks.length === 1 ? 'track' : 'tracks'}</p></div>
<div class="card">${trackList(a.tracks, 'track-number', false)}</div>`,
    WEB_STYLE,
  );
}

export function artistPage(a: ArtistRec, topTracks: readonly TrackRec[]): string {
  const albums = a.albums.map(
    (al) => html`<li><a href="/web/album/${encodeURIComponent(al.id)}">${albumCover(al, 160)}${al.name}</a></li>`,
  );
  return page(
    a.name,
    // The artist whose only picture is of a size nobody serves (an edge case) shows none.
    html`<div class="card">${a.artwork === undefined ? cover('artist', a.id, 300, a.name, true) : html`<div class="cover round none" role="img" aria-label="No picture">♪</div>`}
<p class="kind">Artist</p><h1>${a.name}</h1></div>
<div class="card"><h2>Top tracks</h2>${trackList(topTracks.slice(0, 10), 'position', false)}</div>
<div class="card"><h2>Albums</h2>${albums.length === 0 ? html`<p class="muted">No albums.</p>` : html`<ul class="albums">${albums}</ul>`}</div>`,
    WEB_STYLE,
  );
}

export function playlistPage(p: PlaylistRec): string {
  return page(
    p.title,
    html`<div class="card">${cover('playlist', p.id, 600, p.title)}
<p class="kind">Playlist</p><h1>${p.title}</h1>
<p class="by">by <a href="/web/profile/${encodeURIComponent(p.owner.id)}">${p.owner.name}</a></p>
${p.description === '' ? '' : html`<p class="facts">${p.description}</p>`}
<p class="facts">${p.tracks.length} ${p.tracks.length === 1 ? 'track' : 'tracks'}</p></div>
<div class="card">${trackList(p.tracks, 'position', true)}</div>`,
    WEB_STYLE,
  );
}

export function profilePage(u: UserRec, shared: readonly PlaylistRec[]): string {
  const lists = shared.map((p) => html`<li><span class="t"><a href="/web/playlist/${encodeURIComponent(p.id)}">${p.title}</a></span></li>`);
  return page(
    u.name,
    html`<div class="card">${cover('user', u.id, 300, u.name, true)}
<p class="kind">Profile</p><h1>${u.name}</h1>
${u.description === '' ? '' : html`<p class="facts">${u.description}</p>`}</div>
${shared.length === 0 ? '' : html`<div class="card"><h2>Playlists</h2><ol class="tracks">${lists}</ol></div>`}`,
    WEB_STYLE,
  );
}
