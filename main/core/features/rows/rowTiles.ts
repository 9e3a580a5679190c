/** What each home row holds, fetched from the service. */
import type { RowId, TileView } from '../../../../shared/bridge';
import type { CatalogClient } from '../../catalog';
import { CoreError } from '../../errors';
import { chartTile, favoriteTrackTile, genreStationTile, moodStationTile, playlistTile } from '../../views';

/** Rows of a member's own music: a guest has none. */
export const MEMBER_ROWS: ReadonlySet<RowId> = new Set<RowId>(['favorites', 'collected-playlists']);

/** What the bridge contract names but this core does not serve yet: a plain failure, never a crash. */
function notYetShown(): CoreError {
  return new CoreError({ kind: 'invalid-response', message: 'Tunewall cannot show this yet.', retryable: false });
}

export async function rowTiles(client: CatalogClient, id: RowId, memberId: string | undefined): Promise<TileView[]> {
  switch (id) {
    case 'charts':
      return (await client.charts({ limit: 100 })).data.map(chartTile);
    case 'mood-stations':
      return (await client.moodStations({ limit: 100 })).data.map(moodStationTile);
    case 'genre-stations':
      return (await client.genreStations({ limit: 500 })).data.map(genreStationTile);
    case 'favorites':
      return (await client.favorites({ limit: 100 })).data.map(favoriteTrackTile);
    case 'collected-playlists':
      if (memberId === undefined) throw new Error('collected playlists need a member');
      return (await client.playlistCollection(memberId, { limit: 100 })).data.map(playlistTile);
    case 'new-hits':
    case 'new-releases':
    case 'kids':
    case 'album-collection':
    case 'shared-playlists':
      throw notYetShown();
  }
}
