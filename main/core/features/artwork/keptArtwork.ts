/** The artwork feature as the core wires it: pictures fetched without the member's token and kept in the data folder. */
import { join } from 'node:path';
import type { FetchLike, Logger } from '../../ports';
import { createArtwork, type Artwork } from './artwork';
import { createArtworkCache } from './artworkCache';
import { folderArtworkFiles, type ArtworkFiles } from './artworkFiles';

export interface KeptArtworkDeps {
  fetch: FetchLike;
  logger: Logger;
  /** The app's data folder: pictures go in its `artwork` folder unless `files` says otherwise. */
  userDataDir: string;
  files?: ArtworkFiles | undefined;
  maxBytes?: number | undefined;
}

export function createKeptArtwork(deps: KeptArtworkDeps): Artwork {
  const { logger } = deps;
  return createArtwork({
    // A picture is fetched as it is, without the member's token: the contract's Image is a plain URL.
    fetch: deps.fetch,
    cache: createArtworkCache({ files: deps.files ?? folderArtworkFiles(join(deps.userDataDir, 'artwork')), logger, maxBytes: deps.maxBytes }),
    logger,
  });
}
