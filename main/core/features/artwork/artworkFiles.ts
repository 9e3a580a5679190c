/**
 * The folder the picture cache lives in, as the small interface the cache needs (tests pass one in memory). Each
 * picture is one file, written to a temporary name and renamed, so a crash never leaves half a picture under a
 * picture's name.
 */
import { randomBytes } from 'node:crypto';
import { mkdir, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

export interface ArtworkFileInfo {
  name: string;
  size: number;
  modifiedMs: number;
}

export interface ArtworkFiles {
  /** Every file in the folder; none when the folder does not exist yet. */
  list(): Promise<ArtworkFileInfo[]>;
  /** The file's bytes, or undefined when it is not there. */
  read(name: string): Promise<Uint8Array | undefined>;
  write(name: string, bytes: Uint8Array): Promise<void>;
  remove(name: string): Promise<void>;
}

const isMissing = (error: unknown): boolean =>
  typeof error === 'object' && error !== null && 'code' in error && (error.code === 'ENOENT' || error.code === 'ENOTDIR');

export function folderArtworkFiles(dir: string): ArtworkFiles {
  return {
    async list() {
      let names: string[];
      try {
        names = await readdir(dir);
      } catch (error) {
        if (isMissing(error)) return [];
        throw error;
      }
      const infos = await Promise.all(
        names.map(async (name) => {
          try {
            const info = await stat(join(dir, name));
            return info.isFile() ? { name, size: info.size, modifiedMs: info.mtimeMs } : undefined;
          } catch (error) {
            if (isMissing(error)) return undefined;
            throw error;
          }
        }),
      );
      return infos.filter((info): info is ArtworkFileInfo => info !== undefined);
    },
    async read(name) {
      try {
        return await readFile(join(dir, name));
      } catch (error) {
        if (isMissing(error)) return undefined;
        throw error;
      }
    },
    async write(name, bytes) {
      await mkdir(dir, { recursive: true, mode: 0o700 });
      const tmp = join(dir, `${name}.${randomBytes(6).toString('hex')}.tmp`);
      await writeFile(tmp, bytes, { mode: 0o600 });
      await rename(tmp, join(dir, name));
    },
    async remove(name) {
      await rm(join(dir, name), { force: true });
    },
  };
}
