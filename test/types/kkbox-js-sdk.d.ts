/**
 * The parts of KKBOX's official JavaScript SDK (@kkbox/kkbox-js-sdk, which ships no types) that the sandbox's
 * third-party client test calls. Every fetch resolves to an axios response whose `data` is the service's JSON.
 */
declare module '@kkbox/kkbox-js-sdk' {
  interface SdkResponse {
    status: number;
    data: unknown;
  }
  type Fetch = () => Promise<SdkResponse>;

  export class Auth {
    constructor(clientId: string, clientSecret: string);
    clientCredentialsFlow: { fetchAccessToken(): Promise<SdkResponse> };
  }

  interface Paged {
    fetchNextPage(response: SdkResponse): Promise<SdkResponse>;
    hasNextPage(response: SdkResponse): boolean;
  }

  export class Api {
    constructor(token: string, territory?: string);
    chartFetcher: Paged & { fetchCharts: Fetch; setPlaylistID(id: string): { fetchMetadata: Fetch; fetchTracks(limit?: number, offset?: number): Promise<SdkResponse> } };
    newHitsPlaylistFetcher: Paged & { fetchAllNewHitsPlaylists: Fetch; setPlaylistID(id: string): { fetchMetadata: Fetch; fetchTracks: Fetch } };
    newReleaseCategoryFetcher: Paged & { fetchAllNewReleaseCategories: Fetch; setCategoryID(id: string): { fetchMetadata: Fetch; fetchAlbums: Fetch } };
    sharedPlaylistFetcher: Paged & { setPlaylistID(id: string): { fetchMetadata: Fetch; fetchTracks: Fetch } };
    genreStationFetcher: Paged & { fetchAllGenreStations: Fetch; setGenreStationID(id: string): { fetchMetadata: Fetch } };
    moodStationFetcher: Paged & { fetchAllMoodStations: Fetch; setMoodStationID(id: string): { fetchMetadata: Fetch } };
    artistFetcher: Paged & { setArtistID(id: string): { fetchMetadata: Fetch; fetchAlbums: Fetch; fetchTopTracks: Fetch; fetchRelatedArtists: Fetch } };
    albumFetcher: Paged & { setAlbumID(id: string): { fetchMetadata: Fetch; fetchTracks: Fetch } };
    trackFetcher: Paged & { setTrackID(id: string): { fetchMetadata: Fetch } };
    featuredPlaylistFetcher: Paged & { fetchAllFeaturedPlaylists: Fetch };
  }
}
