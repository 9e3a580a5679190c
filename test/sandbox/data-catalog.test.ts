/** The generated catalog: same seed same JSON, names in each territory's languages, lazy per territory, realistic values. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PlaylistPageSchema } from '../../shared/service/catalog';
import { TERRITORIES, type Territory } from '../../shared/territory';
import { createCatalog } from '../../sandbox/data/catalog';
import { DEMO_MEMBERS, createMemberDirectory } from '../../sandbox/data/members';
import { startSandbox, type RunningSandbox } from '../../sandbox/index';

const KANA = /[\u3040-\u30ff]/;
const HAN = /[\u4e00-\u9fff]/;
const HANGUL = /[\uac00-\ud7af]/;
const LATIN = /[A-Za-z]/;

describe('determinism over HTTP', () => {
  const running: RunningSandbox[] = [];
  beforeAll(async () => {
    for (const seed of [7, 7, 8]) running.push(await startSandbox({ host: '127.0.0.1', port: 0, seed }));
  });
  afterAll(async () => {
    await Promise.all(running.map((sb) => sb.close()));
  });

  /** A chart list and the first chart's first page, with the origin taken out (each sandbox has its own port). */
  async function snapshot(sb: RunningSandbox, territory: Territory): Promise<string> {
    const token = sb.control.issueMemberToken().access_token;
    const get = async (path: string) => {
      const res = await fetch(`${sb.urls.api}${path}`, { headers: { authorization: `Bearer ${token}` } });
      return (await res.text()).split(sb.origin).join('<origin>');
    };
    const charts = await get(`/charts?territory=${territory}`);
    const first = PlaylistPageSchema.parse(JSON.parse(charts)).data[0];
    if (!first) throw new Error('no chart');
    return `${charts}\n${await get(`/charts/${first.id}/tracks?territory=${territory}&limit=100`)}`;
  }

  it('the same seed gives the same JSON; another seed gives another catalog', async () => {
    const [a, b, c] = running;
    if (!a || !b || !c) throw new Error('sandboxes did not start');
    for (const t of ['JP', 'MY'] as const) {
      const [sa, sb, sc] = await Promise.all([snapshot(a, t), snapshot(b, t), snapshot(c, t)]);
      expect(sa).toBe(sb);
      expect(sa).not.toBe(sc);
    }
  });
});

describe('names in the territory’s languages', () => {
  const catalog = createCatalog(20261122);
  const names = (t: Territory) => {
    const cat = catalog.territory(t);
    return {
      tracks: cat.playable.map((tr) => tr.name),
      artists: cat.artists.map((a) => a.name),
      titles: [...cat.charts, ...cat.newHits].map((p) => p.title),
      moods: cat.moodStations.map((m) => m.name),
    };
  };
  const share = (list: string[], re: RegExp) => list.filter((s) => re.test(s)).length / list.length;

  it('JP: most names have kana or kanji, and so do its mood stations', () => {
    const jp = names('JP');
    expect(share(jp.tracks, new RegExp(`${KANA.source}|${HAN.source}`))).toBeGreaterThan(0.7);
    expect(share(jp.tracks, KANA)).toBeGreaterThan(0.4);
    expect(share(jp.artists, new RegExp(`${KANA.source}|${HAN.source}`))).toBeGreaterThan(0.7);
    expect(jp.moods.every((m) => KANA.test(m) || HAN.test(m))).toBe(true);
  });

  it('TW and HK: Traditional Chinese, with Cantonese in HK', () => {
    const twNames = names('TW');
    expect(share(twNames.tracks, HAN)).toBeGreaterThan(0.6);
    expect(twNames.titles.every((t) => HAN.test(t))).toBe(true);
    expect(twNames.tracks.join('')).not.toMatch(/[这们说国]/);
    const hk = names('HK');
    expect(share(hk.tracks, HAN)).toBeGreaterThan(0.5);
    expect(hk.tracks.some((n) => /[嘅唔咗哋冇]/.test(n))).toBe(true);
    expect(share(hk.artists, LATIN)).toBeGreaterThan(0.2);
  });

  it('SG mixes English and Chinese; MY English, Malay and Chinese', () => {
    const sg = names('SG');
    expect(share(sg.tracks, LATIN)).toBeGreaterThan(0.3);
    expect(share(sg.tracks, HAN)).toBeGreaterThan(0.2);
    const my = names('MY');
    expect(my.tracks.some((n) => /\b(Cinta|Rindu|Bulan|Hujan|Senja|Kenangan)\b/.test(n))).toBe(true);
    expect(my.titles.some((n) => /^Carta\b/.test(n))).toBe(true);
    expect(share(my.tracks, HAN)).toBeGreaterThan(0.05);
  });

  it('K-pop artists sing in Hangul somewhere in TW', () => {
    expect(names('TW').tracks.some((n) => HANGUL.test(n))).toBe(true);
  });

  it('nothing looks like placeholder text', () => {
    for (const t of TERRITORIES) {
      const all = Object.values(names(t)).flat();
      expect(all.filter((n) => /lorem|ipsum|^Track \d+$|undefined|null/i.test(n))).toEqual([]);
    }
  });
});

describe('generation', () => {
  it('is lazy: nothing at creation, then only the territory asked for', () => {
    const catalog = createCatalog(99);
    expect(catalog.generated()).toEqual([]);
    catalog.territory('SG');
    expect(catalog.generated()).toEqual(['SG']);
    const anyJpTrack = createCatalog(99).territory('JP').playable[0];
    if (!anyJpTrack) throw new Error('no track');
    expect(catalog.catalogFor(anyJpTrack.id)?.byId.tracks.get(anyJpTrack.id)?.name).toBe(anyJpTrack.name);
    expect(catalog.generated().sort()).toEqual(['JP', 'SG']);
  });

  it('tracks look like real ones: 2–6 minute durations in ms, ISRCs, album numbering, territories', () => {
    const cat = createCatalog(5).territory('TW');
    const tracks = cat.artists.flatMap((a) => a.albums.flatMap((al) => al.tracks));
    for (const t of tracks) {
      expect(t.durationMs).toBeGreaterThanOrEqual(120_000);
      expect(t.durationMs).toBeLessThan(361_000);
      expect(t.isrc).toMatch(/^[A-Z]{2}[A-Z0-9]{3}\d{7}$/);
      for (const territory of t.territories) expect(t.album.territories).toContain(territory);
    }
    expect(new Set(tracks.map((t) => t.isrc)).size).toBe(tracks.length);
    expect(tracks.some((t) => t.isrc.startsWith('TW'))).toBe(true);
    // Every track reachable by id, the catalog's odd records too.
    for (const t of cat.byId.tracks.values()) expect(t.isrc).toMatch(/^[A-Z]{2}[A-Z0-9]{3}\d{7}$/);
    expect(tracks.some((t) => t.explicit)).toBe(true);
    expect(new Set(tracks.map((t) => t.durationMs)).size).toBeGreaterThan(tracks.length * 0.9);
  });

  it.each(TERRITORIES)('%s: each new-release category has albums of its own, newest first', (territory) => {
    for (const seed of [5, 20261122]) {
      const categories = createCatalog(seed).territory(territory).newReleaseCategories;
      const home = new Map<string, string>();
      for (const category of categories) {
        expect(category.albums.length, `${seed} ${category.title}`).toBeGreaterThanOrEqual(3);
        const keys = category.albums.map((a) => a.sortKey);
        expect(keys).toEqual([...keys].sort((a, b) => b - a));
        for (const album of category.albums) {
          expect(home.get(album.id), `${album.name} in ${category.title}`).toBeUndefined();
          home.set(album.id, category.title);
        }
      }
    }
  });

  it.each(TERRITORIES)('%s: no children category playlist holds an explicit track', (territory) => {
    for (const seed of [5, 20261122]) {
      const catalog = createCatalog(seed).territory(territory);
      const categories = catalog.childrenCategories.flatMap((c) => [c, ...c.subcategories]);
      const tracks = categories.flatMap((c) => c.playlists).flatMap((p) => p.tracks);
      expect(tracks.length).toBeGreaterThan(500);
      expect(tracks.filter((t) => t.explicit).map((t) => t.name)).toEqual([]);
      // The catalog still has explicit tracks elsewhere: the rule is the children's corner's, not the catalog's.
      expect(catalog.playable.some((t) => t.explicit)).toBe(true);
    }
  });

  it('an ISRC names one recording across every territory, the odd records included', () => {
    for (const seed of [5, 20261122]) {
      const catalog = createCatalog(seed);
      const owner = new Map<string, string>();
      const shared: string[] = [];
      for (const territory of TERRITORIES) {
        for (const track of catalog.territory(territory).byId.tracks.values()) {
          const first = owner.get(track.isrc);
          if (first !== undefined && first !== track.id) shared.push(`${track.isrc}: ${first} and ${track.id}`);
          owner.set(track.isrc, track.id);
        }
      }
      expect(shared, `seed ${seed}`).toEqual([]);
      expect(owner.size).toBeGreaterThan(5 * 1500);
    }
  });

  it('demo members: two or three, each with a home territory, sign-in name and password', () => {
    const directory = createMemberDirectory(1);
    expect(directory.list().length).toBeGreaterThanOrEqual(2);
    expect(directory.list().length).toBeLessThanOrEqual(3);
    for (const m of DEMO_MEMBERS) {
      expect(directory.byUsername(m.username)).toBe(m);
      expect(directory.byId(m.id)?.territory).toBe(m.territory);
      expect(m.password.length).toBeGreaterThan(0);
    }
    expect(directory.byUsername('nobody')).toBeUndefined();
    expect(new Set(DEMO_MEMBERS.map((m) => m.territory)).size).toBe(DEMO_MEMBERS.length);
  });

  it('a member’s library is stable and drawn from their home territory', () => {
    const a = createCatalog(3).library('member-hanako');
    const b = createCatalog(3).library('member-hanako');
    expect(a?.albums.map((x) => x.id)).toEqual(b?.albums.map((x) => x.id));
    expect(a?.favorites.every((t) => t.id.startsWith('J'))).toBe(true);
    expect(a?.sharedPlaylists.every((p) => p.owner.id === 'member-hanako')).toBe(true);
  });
});
