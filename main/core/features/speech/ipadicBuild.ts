/**
 * Turns kuromoji's IPA dictionary (its dict folder of gzip files) into the compact dictionary voice guidance holds
 * (ipadic.ts says what is kept, and why). Run at build time, where it writes ipadic.bin beside the shell's bundle
 * (scripts/ipadicPlugin.ts); at run time only where no such file is (Tunewall run from source). Every file is read
 * as a stream of chunks, so no more than one padded file's content is held at a time.
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { createGunzip } from 'node:zlib';
import { FEATURE_OFFSET_AT, NONE, POS, POS_DETAIL_1, PRONUNCIATION, READING, SURFACE, TOKEN_ENTRY_BYTES, type CompactDictionary, type CompactFeatures } from './ipadic';

const COMMA = 0x2c;

/**
 * The unzipped bytes of a gzip file, chunk by chunk (no more than one chunk of it is held at a time here). Read with
 * readFile, which Electron also answers from inside app.asar.
 */
async function* unzippedChunks(zipped: Uint8Array, file: string): AsyncGenerator<Uint8Array> {
  for await (const chunk of Readable.from([zipped]).pipe(createGunzip())) {
    if (!(chunk instanceof Uint8Array)) throw new Error(`kuromoji: ${file} did not unzip to bytes`);
    yield chunk;
  }
}

/** The unzipped bytes of `file` in one buffer of its exact size (gzip's trailer says it), filled chunk by chunk. */
async function whole(dictionary: string, file: string): Promise<Uint8Array<ArrayBuffer>> {
  const zipped = await readFile(join(dictionary, file));
  if (zipped.length < 4) throw new Error(`kuromoji: ${file} is not a gzip file`);
  const size = zipped.readUInt32LE(zipped.length - 4);
  const bytes = new Uint8Array(size);
  let at = 0;
  for await (const chunk of unzippedChunks(zipped, file)) {
    if (at + chunk.length > size) throw new Error(`kuromoji: ${file} unzips to more than its trailer says`);
    bytes.set(chunk, at);
    at += chunk.length;
  }
  if (at !== size) throw new Error(`kuromoji: ${file} unzips to ${at} bytes, its trailer says ${size}`);
  return bytes;
}

/**
 * The unzipped bytes of `file` without the zeros its builder padded it with, rounded up to whole records of `record`
 * bytes (a record may itself end in zeros) plus `spare` zero bytes. Only the chunks up to the last one with content
 * are kept, so a 10 MB file of 400 bytes never takes 10 MB.
 */
async function withoutPadding(dictionary: string, file: string, record: number, spare = 0): Promise<Uint8Array<ArrayBuffer>> {
  const kept: Uint8Array[] = [];
  let zeros = 0;
  let contentEnd = 0;
  let length = 0;
  for await (const chunk of unzippedChunks(await readFile(join(dictionary, file)), file)) {
    let last = chunk.length;
    while (last > 0 && chunk[last - 1] === 0) last -= 1;
    if (last > 0) {
      if (zeros > 0) kept.push(new Uint8Array(zeros));
      kept.push(chunk);
      zeros = 0;
      contentEnd = length + last;
    } else {
      zeros += chunk.length;
    }
    length += chunk.length;
  }
  const size = Math.min(length, Math.ceil(contentEnd / record) * record + spare);
  const bytes = new Uint8Array(size);
  let at = 0;
  for (const chunk of kept) {
    const part = chunk.subarray(0, size - at);
    bytes.set(part, at);
    at += part.length;
    if (at === size) break;
  }
  return bytes;
}

/**
 * tid_map.dat (a count, then per trie entry: its id, how many tokens, their entry offsets) as two arrays: the tokens
 * of entry `id` are values[starts[id]] up to values[starts[id + 1]].
 */
export function targetMap(bytes: Uint8Array): { starts: Int32Array<ArrayBuffer>; values: Int32Array<ArrayBuffer> } {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let maxId = -1;
  let total = 0;
  for (let at = 4; at + 8 <= bytes.length; ) {
    const count = view.getInt32(at + 4, true);
    if (count === 0) break; // the padding after the last entry
    maxId = Math.max(maxId, view.getInt32(at, true));
    total += count;
    at += 8 + 4 * count;
  }
  const counts = new Int32Array(maxId + 2);
  for (let at = 4; at + 8 <= bytes.length; ) {
    const count = view.getInt32(at + 4, true);
    if (count === 0) break;
    const id = view.getInt32(at, true);
    counts[id + 1] = (counts[id + 1] ?? 0) + count;
    at += 8 + 4 * count;
  }
  const starts = counts;
  for (let id = 1; id < starts.length; id += 1) starts[id] = (starts[id] ?? 0) + (starts[id - 1] ?? 0);
  const filled = starts.slice(0, maxId + 1);
  const values = new Int32Array(total);
  for (let at = 4; at + 8 <= bytes.length; ) {
    const id = view.getInt32(at, true);
    const count = view.getInt32(at + 4, true);
    if (count === 0) break;
    for (let i = 0; i < count; i += 1) {
      const slot = filled[id] ?? 0;
      values[slot] = view.getInt32(at + 8 + 4 * i, true);
      filled[id] = slot + 1;
    }
    at += 8 + 4 * count;
  }
  return { starts, values };
}

/**
 * Appends the UTF-8 bytes[from, end) to `units` at `at` as UTF-16 code units (what TextDecoder would make of them,
 * without making a string); returns where it stopped. `units` has room: no more units than bytes come out.
 */
function decodeInto(bytes: Uint8Array, from: number, end: number, units: Uint16Array, at: number): number {
  let out = at;
  for (let i = from; i < end; ) {
    const b0 = bytes[i] ?? 0;
    let code: number;
    if (b0 < 0x80) {
      code = b0;
      i += 1;
    } else if (b0 < 0xe0) {
      code = ((b0 & 0x1f) << 6) | ((bytes[i + 1] ?? 0) & 0x3f);
      i += 2;
    } else if (b0 < 0xf0) {
      code = ((b0 & 0x0f) << 12) | (((bytes[i + 1] ?? 0) & 0x3f) << 6) | ((bytes[i + 2] ?? 0) & 0x3f);
      i += 3;
    } else {
      code = ((b0 & 0x07) << 18) | (((bytes[i + 1] ?? 0) & 0x3f) << 12) | (((bytes[i + 2] ?? 0) & 0x3f) << 6) | ((bytes[i + 3] ?? 0) & 0x3f);
      i += 4;
    }
    if (code > 0xffff) {
      code -= 0x10000;
      units[out++] = 0xd800 + (code >> 10);
      units[out++] = 0xdc00 + (code & 0x3ff);
    } else {
      units[out++] = code;
    }
  }
  return out;
}

/**
 * Builds CompactFeatures token by token, from each token's feature line as the dictionary holds it (UTF-8). The
 * surfaces and said forms go straight from bytes into one growing array of code units: 392,000 tokens make no string
 * of their own, so loading leaves the shell's heap as it found it.
 */
class FeatureCollector {
  private readonly decoder = new TextDecoder();
  private readonly partIndex = new Map<string, number>();
  private units = new Uint16Array(1 << 20);
  private length = 0;
  readonly features: CompactFeatures;

  constructor(count: number) {
    this.features = {
      text: new Uint16Array(0),
      starts: new Uint32Array(count + 1),
      surfaceLengths: new Uint16Array(count),
      partIds: new Uint16Array(count),
      parts: [],
      unsaid: new Uint8Array(count),
    };
  }

  private room(bytes: number): void {
    if (this.length + bytes <= this.units.length) return;
    const grown = new Uint16Array(Math.max(this.units.length * 2, this.length + bytes));
    grown.set(this.units.subarray(0, this.length));
    this.units = grown;
  }

  /** Token k's line: bytes[from, end) of `bytes`, its fields split at commas as kuromoji splits them. */
  add(k: number, bytes: Uint8Array, from: number, end: number): void {
    const commas: number[] = [];
    for (let at = bytes.indexOf(COMMA, from); at !== -1 && at < end && commas.length <= PRONUNCIATION; at = bytes.indexOf(COMMA, at + 1)) commas.push(at);
    /** Field n's bytes as [start, end), or undefined when the line has fewer fields. */
    const field = (n: number): [number, number] | undefined =>
      n > commas.length ? undefined : [n === 0 ? from : (commas[n - 1] ?? end) + 1, commas[n] ?? end];
    const surface = field(SURFACE) ?? [from, from];
    const said = commas.length >= PRONUNCIATION ? field(PRONUNCIATION) : field(READING);
    const part = field(POS);
    const detail = field(POS_DETAIL_1);
    const name = `${part === undefined ? NONE : this.decoder.decode(bytes.subarray(...part))},${detail === undefined ? NONE : this.decoder.decode(bytes.subarray(...detail))}`;
    let partId = this.partIndex.get(name);
    if (partId === undefined) {
      partId = this.features.parts.length;
      this.features.parts.push(name);
      this.partIndex.set(name, partId);
    }
    this.room(end - from);
    const start = this.length;
    const surfaceEnd = decodeInto(bytes, surface[0], surface[1], this.units, start);
    this.length = said === undefined ? surfaceEnd : decodeInto(bytes, said[0], said[1], this.units, surfaceEnd);
    this.features.starts[k] = start;
    this.features.surfaceLengths[k] = surfaceEnd - start;
    this.features.partIds[k] = partId;
    this.features.unsaid[k] = said === undefined ? 1 : 0;
  }

  done(): CompactFeatures {
    this.features.starts[this.features.unsaid.length] = this.length;
    this.features.text = this.units.slice(0, this.length);
    this.units = new Uint16Array(0);
    return this.features;
  }
}

/**
 * Reads every token's feature line from tid_pos.dat's chunks (UTF-8, NUL-ended, in the order of the tokens, each
 * where tid.dat's entry says) into CompactFeatures, holding no more of the file than a chunk and a line.
 */
export async function compactFeatures(tokens: Uint8Array, chunks: AsyncIterable<Uint8Array>): Promise<CompactFeatures> {
  const count = Math.floor(tokens.length / TOKEN_ENTRY_BYTES);
  const entries = new DataView(tokens.buffer, tokens.byteOffset, tokens.byteLength);
  const lineOf = (k: number): number => entries.getInt32(k * TOKEN_ENTRY_BYTES + FEATURE_OFFSET_AT, true);
  const collector = new FeatureCollector(count);
  let k = 0;
  let pending = new Uint8Array(0);
  let pendingAt = 0; // where `pending` starts in the file
  for await (const chunk of chunks) {
    const bytes = pending.length === 0 ? chunk : Buffer.concat([pending, chunk]);
    const bytesAt = pendingAt;
    for (; k < count; k += 1) {
      const from = lineOf(k) - bytesAt;
      if (from < 0) throw new Error(`kuromoji: token ${k}'s features are not after the token before`);
      const end = from < bytes.length ? bytes.indexOf(0, from) : -1;
      if (end === -1) break;
      collector.add(k, bytes, from, end);
    }
    const keepFrom = k < count ? Math.min(lineOf(k) - bytesAt, bytes.length) : bytes.length;
    pending = bytes.slice(keepFrom);
    pendingAt = bytesAt + keepFrom;
    if (k === count) break;
  }
  // The last line, when the file ends without its NUL.
  if (k < count && pending.length > 0) {
    collector.add(k, pending, lineOf(k) - pendingAt, pending.length);
    k += 1;
  }
  if (k < count) throw new Error(`kuromoji: the dictionary has features for ${k} of its ${count} tokens`);
  return collector.done();
}

/** Reads kuromoji's dictionary files in `dictionary` into the compact dictionary. */
export async function compactDictionary(dictionary: string): Promise<CompactDictionary> {
  const tokens = await withoutPadding(dictionary, 'tid.dat.gz', TOKEN_ENTRY_BYTES);
  const { starts: targetStarts, values: targetValues } = targetMap(await whole(dictionary, 'tid_map.dat.gz'));
  return {
    base: new Int32Array((await whole(dictionary, 'base.dat.gz')).buffer),
    check: new Int32Array((await whole(dictionary, 'check.dat.gz')).buffer),
    costs: new Int16Array((await whole(dictionary, 'cc.dat.gz')).buffer),
    tokens,
    targetStarts,
    targetValues,
    ...(await compactFeatures(tokens, unzippedChunks(await readFile(join(dictionary, 'tid_pos.dat.gz')), 'tid_pos.dat.gz'))),
    unknownEntries: await withoutPadding(dictionary, 'unk.dat.gz', TOKEN_ENTRY_BYTES),
    unknownLines: await withoutPadding(dictionary, 'unk_pos.dat.gz', 1, 1),
    unknownMap: await whole(dictionary, 'unk_map.dat.gz'),
    categories: await whole(dictionary, 'unk_char.dat.gz'),
    compatibleCategories: new Uint32Array((await whole(dictionary, 'unk_compat.dat.gz')).buffer),
    invoke: await withoutPadding(dictionary, 'unk_invoke.dat.gz', 1, 1),
  };
}
