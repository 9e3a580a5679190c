/**
 * Pictures kept on disk in the data folder, so Home paints its pictures on a warm start and offline. Bounded in bytes:
 * past the bound, the pictures least recently drawn go first (recency within a run; across runs, the order they were
 * written in). A picture that cannot be read or written is only a picture fetched again, never an error for the page.
 */
import type { Logger } from '../../ports';
import type { ArtworkFiles } from './artworkFiles';

export interface KeptPicture {
  bytes: Uint8Array;
  type: string;
}

export interface ArtworkCache {
  get(key: string): Promise<KeptPicture | undefined>;
  put(key: string, picture: KeptPicture): Promise<void>;
}

export interface ArtworkCacheDeps {
  files: ArtworkFiles;
  logger: Logger;
  /** Bytes kept at most. Default 200 MB: about 4,000 album covers at the sizes Home draws. */
  maxBytes?: number;
}

/** The picture types kept, by the extension they are kept under (the file's name says its type). */
export const PICTURE_TYPES: Readonly<Record<string, string>> = {
  jpg: 'image/jpeg',
  png: 'image/png',
  webp: 'image/webp',
  gif: 'image/gif',
  avif: 'image/avif',
};
const EXTENSION_OF = new Map(Object.entries(PICTURE_TYPES).map(([ext, type]) => [type, ext]));
const NAME = /^([0-9a-f]{64})\.([a-z]+)$/;

interface Entry {
  name: string;
  size: number;
  type: string;
}

export function createArtworkCache(deps: ArtworkCacheDeps): ArtworkCache {
  const { files, logger } = deps;
  const maxBytes = Math.max(0, deps.maxBytes ?? 200 * 1024 * 1024);
  let index: Promise<Map<string, Entry>> | undefined;
  let total = 0;

  async function load(): Promise<Map<string, Entry>> {
    const map = new Map<string, Entry>();
    let listed;
    try {
      listed = await files.list();
    } catch (error) {
      logger.warn('the picture cache could not be read; pictures are fetched again', { reason: String(error) });
      return map;
    }
    for (const file of listed.sort((a, b) => a.modifiedMs - b.modifiedMs)) {
      const match = NAME.exec(file.name);
      const type = match?.[2] === undefined ? undefined : PICTURE_TYPES[match[2]];
      if (match?.[1] === undefined || type === undefined) {
        // A temporary file a crash left behind, or something that is not ours to keep.
        if (file.name.endsWith('.tmp')) void files.remove(file.name).catch(() => undefined);
        continue;
      }
      map.set(match[1], { name: file.name, size: file.size, type });
      total += file.size;
    }
    await evict(map);
    return map;
  }

  async function evict(map: Map<string, Entry>): Promise<void> {
    // Insertion order is recency: the first are the least recently drawn.
    for (const [key, entry] of map) {
      if (total <= maxBytes) break;
      map.delete(key);
      total -= entry.size;
      try {
        await files.remove(entry.name);
      } catch (error) {
        logger.warn('a picture could not be removed from the cache', { reason: String(error) });
      }
    }
  }

  const entries = (): Promise<Map<string, Entry>> => (index ??= load());

  return {
    async get(key) {
      const map = await entries();
      const entry = map.get(key);
      if (entry === undefined) return undefined;
      let bytes: Uint8Array | undefined;
      try {
        bytes = await files.read(entry.name);
      } catch (error) {
        logger.warn('a kept picture could not be read; fetching it again', { reason: String(error) });
      }
      if (bytes === undefined) {
        if (map.get(key) === entry) {
          map.delete(key);
          total -= entry.size;
        }
        return undefined;
      }
      map.delete(key);
      map.set(key, entry);
      return { bytes, type: entry.type };
    },
    async put(key, picture) {
      const ext = EXTENSION_OF.get(picture.type);
      if (ext === undefined || picture.bytes.byteLength > maxBytes) return;
      const map = await entries();
      const entry = { name: `${key}.${ext}`, size: picture.bytes.byteLength, type: picture.type };
      try {
        await files.write(entry.name, picture.bytes);
      } catch (error) {
        logger.warn('a picture could not be kept; it is fetched again next time', { reason: String(error) });
        return;
      }
      const previous = map.get(key);
      if (previous !== undefined) {
        total -= previous.size;
        map.delete(key);
        if (previous.name !== entry.name) await files.remove(previous.name).catch(() => undefined);
      }
      map.set(key, entry);
      total += entry.size;
      await evict(map);
    },
  };
}
