import type { DetailView, TilePageView, TrackPageView } from '../../../../shared/bridge';

export interface PageRequest {
  offset: number;
  limit: number;
}

/** One kind of detail screen: its view, and the pages of its long lists where it has them. */
export interface DetailSource {
  detail(id: string): Promise<DetailView>;
  /** The detail's tracks, a page at a time. */
  tracks?(id: string, page: PageRequest): Promise<TrackPageView>;
  /** The detail's tiles (albums, playlists), a page at a time. */
  tiles?(id: string, page: PageRequest): Promise<TilePageView>;
}
