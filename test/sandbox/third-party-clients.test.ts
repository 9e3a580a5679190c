/**
 * The sandbox as clients we did not write see it:
 * - the service's official JavaScript SDK (@kkbox/kkbox-js-sdk): client credentials through its token URL, which ends
 *   in a slash, then its catalog fetchers, paging and error handling. Its hosts are fixed in its code, so an axios
 *   interceptor on the SDK's own axios points them at the sandbox, leaving path, query, headers and body as it built
 *   them;
 * - openid-client, a maintained OAuth 2.0 client: client credentials (form and Basic), the RFC 8628 device flow,
 *   refresh-token rotation, and the authorization-code flow, all on endpoints written with a trailing slash.
 */
import { createRequire } from 'node:module';
import { Api, Auth, type SdkResponse } from '@kkbox/kkbox-js-sdk';
import * as oidc from 'openid-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  AlbumPageSchema,
  AlbumSchema,
  ArtistSchema,
  ChartDetailSchema,
  GenreStationPageSchema,
  MoodStationDetailSchema,
  MoodStationPageSchema,
  NewReleaseCategoryPageSchema,
  PlaylistDetailSchema,
  PlaylistPageSchema,
  TrackPageSchema,
  TrackSchema,
} from '../../shared/service/catalog';
import { x } from './contract-paths';
import { TestBrowser, withSandbox } from './helpers';

const fx = withSandbox({ lifetimes: { deviceIntervalSeconds: 1 } });

/** The few axios members the test uses; the SDK's axios 0.18 has them. */
interface AxiosRequestConfigLike {
  url?: string;
  proxy?: false | object;
}
interface AxiosLike {
  interceptors: { request: { use(onFulfilled: (config: AxiosRequestConfigLike) => AxiosRequestConfigLike): number; eject(id: number): void } };
}

function isAxios(value: unknown): value is AxiosLike {
  const interceptors: unknown = typeof value === 'function' || typeof value === 'object' ? Reflect.get(value ?? {}, 'interceptors') : undefined;
  return typeof interceptors === 'object' && interceptors !== null && 'request' in interceptors;
}

/** The axios instance the SDK itself requires (not a copy of our own): the one its requests go through. */
function sdkAxios(): AxiosLike {
  const requireFromSdk = createRequire(createRequire(import.meta.url).resolve('@kkbox/kkbox-js-sdk'));
  const axios: unknown = requireFromSdk('axios');
  if (!isAxios(axios)) throw new Error('The SDK does not use axios any more; this test needs another way to point it at the sandbox.');
  return axios;
}

const SDK_HOSTS: Record<string, string> = { 'https://account.kkbox.com/': '', 'https://api.kkbox.com/': '' };

describe('the official JavaScript SDK (@kkbox/kkbox-js-sdk)', () => {
  const requested: string[] = [];
  let interceptor: number | undefined;

  beforeAll(() => {
    interceptor = sdkAxios().interceptors.request.use((config) => {
      const url = config.url ?? '';
      requested.push(url);
      const host = Object.keys(SDK_HOSTS).find((h) => url.startsWith(h));
      // proxy: false, so no proxy variable in the environment takes the request elsewhere.
      return host === undefined ? { ...config, proxy: false } : { ...config, url: `${fx.sb.origin}/${url.slice(host.length)}`, proxy: false };
    });
  });
  afterAll(() => {
    if (interceptor !== undefined) sdkAxios().interceptors.request.eject(interceptor);
  });

  async function sdkToken(): Promise<string> {
    const res = await new Auth(fx.sb.client.id, fx.sb.client.secret).clientCredentialsFlow.fetchAccessToken();
    return z.object({ access_token: z.string(), token_type: z.literal('Bearer'), expires_in: z.number() }).parse(res.data).access_token;
  }

  it('gets a client-credentials token from its token URL, trailing slash and Basic auth included', async () => {
    const token = await sdkToken();
    expect(token.length).toBeGreaterThan(20);
    expect(requested).toContain('https://account.kkbox.com/oauth2/token/');
    const logged = fx.sb.control.requestLog().filter((r) => r.path === '/oauth2/token');
    expect(logged.at(-1)?.status).toBe(200);
  });

  it('reads the service error code when the secret is wrong', async () => {
    await expect(new Auth(fx.sb.client.id, 'wrong').clientCredentialsFlow.fetchAccessToken()).rejects.toThrow('invalid_client');
  });

  it('walks the catalog with its fetchers', async () => {
    const api = new Api(await sdkToken(), 'TW');
    const data = (res: SdkResponse): unknown => res.data;

    const charts = PlaylistPageSchema.parse(data(await api.chartFetcher.fetchCharts()));
    expect(charts.data.map((c) => c.id)).toContain(x.chart.id);
    ChartDetailSchema.parse(data(await api.chartFetcher.setPlaylistID(x.chart.id).fetchMetadata()));
    const firstPage = await api.chartFetcher.setPlaylistID(x.longChart.id).fetchTracks(100, 0);
    expect(api.chartFetcher.hasNextPage(firstPage)).toBe(true);
    const secondPage = TrackPageSchema.parse(data(await api.chartFetcher.fetchNextPage(firstPage)));
    expect(secondPage.paging.offset).toBe(100);

    PlaylistPageSchema.parse(data(await api.newHitsPlaylistFetcher.fetchAllNewHitsPlaylists()));
    PlaylistDetailSchema.parse(data(await api.newHitsPlaylistFetcher.setPlaylistID(x.newHits.id).fetchMetadata()));
    TrackPageSchema.parse(data(await api.newHitsPlaylistFetcher.setPlaylistID(x.newHits.id).fetchTracks()));
    NewReleaseCategoryPageSchema.parse(data(await api.newReleaseCategoryFetcher.fetchAllNewReleaseCategories()));
    AlbumPageSchema.parse(data(await api.newReleaseCategoryFetcher.setCategoryID(x.release.id).fetchAlbums()));
    PlaylistDetailSchema.parse(data(await api.sharedPlaylistFetcher.setPlaylistID(x.shared.id).fetchMetadata()));
    GenreStationPageSchema.parse(data(await api.genreStationFetcher.fetchAllGenreStations()));
    MoodStationPageSchema.parse(data(await api.moodStationFetcher.fetchAllMoodStations()));
    MoodStationDetailSchema.parse(data(await api.moodStationFetcher.setMoodStationID(x.mood.id).fetchMetadata()));
    expect(ArtistSchema.parse(data(await api.artistFetcher.setArtistID(x.artist.id).fetchMetadata())).name).toBe(x.artist.name);
    AlbumPageSchema.parse(data(await api.artistFetcher.setArtistID(x.artist.id).fetchAlbums()));
    TrackPageSchema.parse(data(await api.artistFetcher.setArtistID(x.artist.id).fetchTopTracks()));
    expect(AlbumSchema.parse(data(await api.albumFetcher.setAlbumID(x.album.id).fetchMetadata())).name).toBe(x.album.name);
    TrackPageSchema.parse(data(await api.albumFetcher.setAlbumID(x.album.id).fetchTracks()));
    expect(TrackSchema.parse(data(await api.trackFetcher.setTrackID(x.track.id).fetchMetadata())).name).toBe(x.track.name);
  });

  it('reads the catalog error message of endpoints the contract does not list, and of an unknown id', async () => {
    const api = new Api(await sdkToken(), 'TW');
    // The SDK throws error.response.data.error.message: it needs the catalog's JSON error shape to say anything.
    await expect(api.featuredPlaylistFetcher.fetchAllFeaturedPlaylists()).rejects.toThrow('Resource does not exist');
    await expect(api.artistFetcher.setArtistID(x.artist.id).fetchRelatedArtists()).rejects.toThrow('Resource does not exist');
    await expect(api.trackFetcher.setTrackID('Tnope0000000000000').fetchMetadata()).rejects.toThrow('Resource does not exist');
    await expect(new Api('not-a-token', 'TW').chartFetcher.fetchCharts()).rejects.toThrow('Invalid Authentication');
  });
});

describe('openid-client, a maintained OAuth 2.0 client', () => {
  const server = (): oidc.ServerMetadata => ({
    issuer: fx.sb.origin,
    token_endpoint: `${fx.sb.origin}/oauth2/token/`,
    device_authorization_endpoint: `${fx.sb.origin}/oauth2/device_authorization/`,
    authorization_endpoint: `${fx.sb.origin}/oauth2/authorize/`,
  });

  function configuration(auth: 'post' | 'basic'): oidc.Configuration {
    const { id, secret } = fx.sb.client;
    const config = new oidc.Configuration(server(), id, undefined, auth === 'post' ? oidc.ClientSecretPost(secret) : oidc.ClientSecretBasic(secret));
    // The sandbox is plain HTTP on loopback; the client refuses that unless told.
    oidc.allowInsecureRequests(config);
    return config;
  }

  it.each(['post', 'basic'] as const)('client credentials, client_secret_%s', async (auth) => {
    const tokens = await oidc.clientCredentialsGrant(configuration(auth));
    expect(tokens.token_type.toLowerCase()).toBe('bearer');
    expect(tokens.refresh_token).toBeUndefined();
    const charts = await fetch(`${fx.sb.urls.api}/charts?territory=TW`, { headers: { authorization: `Bearer ${tokens.access_token}` } });
    expect(charts.status).toBe(200);
  });

  it('the RFC 8628 device flow, then refresh-token rotation', async () => {
    const config = configuration('basic');
    const device = await oidc.initiateDeviceAuthorization(config, {});
    expect(device.verification_uri).toBe(`${fx.sb.origin}/oauth2/device`);
    expect(fx.sb.control.approve(device.user_code, 'member-hanako')).toBe(true);
    const tokens = await oidc.pollDeviceAuthorizationGrant(config, device);
    const me = await fetch(`${fx.sb.urls.api}/me`, { headers: { authorization: `Bearer ${tokens.access_token}` } });
    expect(z.object({ id: z.string() }).parse(await me.json()).id).toBe('member-hanako');

    const refresh = tokens.refresh_token;
    if (refresh === undefined) throw new Error('The device grant gave no refresh token.');
    const rotated = await oidc.refreshTokenGrant(config, refresh);
    expect(rotated.refresh_token).toBeDefined();
    expect(rotated.refresh_token).not.toBe(refresh);
    // The presented refresh token died with the rotation: the client reads invalid_grant from the error body.
    await expect(oidc.refreshTokenGrant(config, refresh)).rejects.toMatchObject({ error: 'invalid_grant' });
  });

  it('the authorization-code flow, approved on the sandbox pages', async () => {
    const config = configuration('post');
    const state = oidc.randomState();
    const url = oidc.buildAuthorizationUrl(config, { redirect_uri: fx.sb.options.redirectUri, state });
    const browser = new TestBrowser(fx.sb.origin);
    const consent = await browser.signInAndOpen(`${url.pathname}${url.search}`, 'weiling', 'weiling');
    const redirect = await browser.submit(await consent.text(), 'Allow');
    const location = redirect.headers.get('location');
    if (location === null) throw new Error(`Allow did not redirect (${redirect.status}).`);
    const tokens = await oidc.authorizationCodeGrant(config, new URL(location), { expectedState: state });
    const me = await fetch(`${fx.sb.urls.api}/me`, { headers: { authorization: `Bearer ${tokens.access_token}` } });
    expect(z.object({ id: z.string() }).parse(await me.json()).id).toBe('member-weiling');
  });
});
