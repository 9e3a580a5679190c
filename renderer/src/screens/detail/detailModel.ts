import type { DetailRef, DetailView, TileView, TrackView, TunewallBridge, UiError } from '../../../../shared/bridge';
import type { Territory } from '../../../../shared/territory';
import type { Reconnects } from '../../store/reconnects';
import { PagedList } from './pagedList';

export type DetailLoad =
  | { status: 'loading' }
  | { status: 'error'; error: UiError }
  | { status: 'ready'; detail: DetailView };

/** Tracks are asked for a hundred at a time; tiles (albums, playlists) fifty at a time, the children lists' limit allows it. */
export const TRACK_PAGE = 100;
export const TILE_PAGE = 50;

function thrown(error: unknown): UiError {
  return { kind: 'unknown', message: error instanceof Error ? error.message : String(error), retryable: true };
}

/**
 * One detail screen's data: the detail, and the long lists it pages (tracks; albums or playlists, per section).
 * It belongs to the screen's place in the navigation stack, not to the mounted component, so Back shows the same
 * list in the same order (a station is not shuffled again) with every page already loaded.
 */
export class DetailModel {
  load: DetailLoad = { status: 'loading' };
  /** The territory the shown data belongs to; another one means it must be fetched again. */
  territory: Territory | undefined;
  /** Whether explicit tracks were shown or hidden when the data was fetched; a change fetches it again. */
  explicit: 'show' | 'hide' | undefined;
  tracks: PagedList<TrackView> | undefined;
  /** An artist's or a new-release category's albums. */
  tiles: PagedList<TileView> | undefined;
  /** A children category's playlists, per subcategory id. */
  readonly sections = new Map<string, PagedList<TileView>>();
  private generation = 0;
  /** A fetch is on its way. */
  fetching = false;
  private readonly listeners = new Set<() => void>();
  private stopFollowing: (() => void) | undefined;

  constructor(
    private readonly bridge: TunewallBridge,
    readonly ref: DetailRef,
  ) {}

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  getLoad = (): DetailLoad => this.load;

  /** While the model lives: what failed because the service was away is fetched again once it is back. */
  followReconnects(reconnects: Reconnects): void {
    this.stopFollowing?.();
    this.stopFollowing = reconnects.on(this.recover);
  }

  /**
   * The service is back: a detail that did not load (and said it would try again) loads now, and the pages of its
   * lists that failed meanwhile (tracks, albums, playlists) are asked for again.
   */
  recover = (): void => {
    if (this.load.status === 'error' && this.load.error.retryable && !this.fetching) this.fetch(this.territory);
    this.tracks?.retryFailed();
    this.tiles?.retryFailed();
    for (const list of this.sections.values()) list.retryFailed();
  };

  /**
   * Fetches the detail. `keep`: the detail on screen stays until the new one arrives (shuffling a station again);
   * otherwise the screen shows that it is loading (another territory: the old data no longer applies).
   */
  fetch(territory: Territory | undefined, keep = false, explicit = this.explicit): void {
    const generation = ++this.generation;
    this.territory = territory;
    this.explicit = explicit;
    this.fetching = true;
    if (!keep || this.load.status !== 'ready') this.set({ status: 'loading' });
    this.bridge.getDetail(this.ref).then(
      (result) => {
        if (generation !== this.generation) return;
        this.fetching = false;
        if (!result.ok) {
          this.set({ status: 'error', error: result.error });
          return;
        }
        this.adopt(result.value);
        this.set({ status: 'ready', detail: result.value });
      },
      (error: unknown) => {
        if (generation !== this.generation) return;
        this.fetching = false;
        this.set({ status: 'error', error: thrown(error) });
      },
    );
  }

  private adopt(detail: DetailView): void {
    this.tracks?.close();
    this.tiles?.close();
    for (const list of this.sections.values()) list.close();
    this.tracks = undefined;
    this.tiles = undefined;
    this.sections.clear();
    const ref = this.ref;
    switch (detail.layout) {
      case 'tracks':
        this.tracks = this.trackList(ref, detail.totalTracks, detail.tracks);
        return;
      case 'artist':
        this.tracks = this.trackList(ref, detail.totalTracks, detail.tracks);
        this.tiles = this.tileList(ref, detail.totalAlbums, detail.albums);
        return;
      case 'albums':
        this.tiles = this.tileList(ref, detail.totalAlbums, detail.albums);
        return;
      case 'kids':
        for (const section of detail.sections) {
          this.sections.set(section.ref.id, this.tileList(section.ref, section.totalPlaylists, section.playlists));
        }
        return;
    }
  }

  private trackList(ref: DetailRef, total: number, first: TrackView[]): PagedList<TrackView> {
    return new PagedList(total, first, async (offset, limit) => {
      const result = await this.bridge.getTracks(ref, offset, limit);
      return result.ok ? { ok: true, value: { offset: result.value.offset, total: result.value.total, items: result.value.tracks } } : result;
    }, TRACK_PAGE);
  }

  private tileList(ref: DetailRef, total: number, first: TileView[]): PagedList<TileView> {
    return new PagedList(total, first, async (offset, limit) => {
      const result = await this.bridge.getTiles(ref, offset, limit);
      return result.ok ? { ok: true, value: { offset: result.value.offset, total: result.value.total, items: result.value.tiles } } : result;
    }, TILE_PAGE);
  }

  /** Whether what the model holds is what a screen in `territory` (and `explicit`) should show, or is on its way. */
  isCurrent(territory: Territory | undefined, explicit = this.explicit): boolean {
    return this.territory === territory && this.explicit === explicit && (this.fetching || this.load.status === 'ready');
  }

  /** Stops listening to answers: the screen's place in the stack is gone. */
  dispose(): void {
    this.generation++;
    this.stopFollowing?.();
    this.stopFollowing = undefined;
    this.tracks?.close();
    this.tiles?.close();
    for (const list of this.sections.values()) list.close();
    this.listeners.clear();
  }

  private set(load: DetailLoad): void {
    this.load = load;
    for (const listener of this.listeners) listener();
  }
}
