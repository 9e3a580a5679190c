/** The picture cache's folder in memory, with a clock of its own for modification times. */
import type { ArtworkFiles } from '../../../../../main/core/features/artwork/artworkFiles';

export interface MemoryArtworkFiles extends ArtworkFiles {
  data: Map<string, { bytes: Uint8Array; modifiedMs: number }>;
  /** Makes every read and write fail until set back. */
  broken: boolean;
}

export function memoryArtworkFiles(): MemoryArtworkFiles {
  const data = new Map<string, { bytes: Uint8Array; modifiedMs: number }>();
  let tick = 0;
  const files: MemoryArtworkFiles = {
    data,
    broken: false,
    async list() {
      if (files.broken) throw new Error('disk unreadable');
      return [...data].map(([name, f]) => ({ name, size: f.bytes.byteLength, modifiedMs: f.modifiedMs }));
    },
    async read(name) {
      if (files.broken) throw new Error('disk unreadable');
      return data.get(name)?.bytes;
    },
    async write(name, bytes) {
      if (files.broken) throw new Error('disk full');
      data.set(name, { bytes: bytes.slice(), modifiedMs: ++tick });
    },
    async remove(name) {
      data.delete(name);
    },
  };
  return files;
}
