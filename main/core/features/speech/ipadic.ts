/**
 * kuromoji's analyser over its IPA dictionary, loaded to hold only what voice guidance reads of it.
 *
 * kuromoji's own loader keeps every file as it was written: padded to the size its builder last grew to (the unknown
 * words' two files are 10 MB each around 2 KB of content), every token's whole feature line (36 MB of UTF-8), and the
 * map from a trie entry to its tokens as a JavaScript object of 326,000 arrays. Some 200 MB in all, on a TV box with
 * 1 GB. Here the same trie, connection costs and token entries are kept without their padding; the map is two typed
 * arrays; and of each feature line only what a reading needs: the surface, the part of speech and its first detail
 * (a particle is said with the word before it), and the word as it is said (the pronunciation, else the reading). The
 * other fields read as "*", the dictionary's own word for "none". kuromoji's Viterbi search runs unchanged over it, so
 * the words found and their readings are the same (test/main/core/features/speech/ipadic.test.ts holds every token's
 * fields, and whole texts' words, to kuromoji's own loader).
 *
 * The compact dictionary is made at build time (ipadicBuild.ts) into one file beside the shell's bundle, ipadic.bin,
 * which loads in one read into the arrays it is used as: no unzipping, no parsing, and nothing made only to be thrown
 * away, so the shell's memory grows by what the dictionary holds (some 37 MB) and no more. Run from source, where no
 * such file is, the shell makes it in memory the first time.
 */
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import type { IpadicFeatures, Tokenizer } from 'kuromoji';

// kuromoji is CommonJS: its parts are loaded with require, from where this module is (node_modules, or app.asar's).
const requirePackage = createRequire(import.meta.url);

/** The compact dictionary's file, written beside the shell's bundle at build time. */
export const IPADIC_FILE = 'ipadic.bin';
const MAGIC = 'TUNEWALL-IPADIC\n';
const FORMAT = 1;
/** Sections start at multiples of this, so every typed array can view the file's one buffer in place. */
const ALIGN = 8;

/** The bytes of one token's entry in tid.dat: left id, right id, cost (16 bits each), its feature line's offset. */
export const TOKEN_ENTRY_BYTES = 10;
export const FEATURE_OFFSET_AT = 6;
/** The fields of an IPA dictionary feature line, as kuromoji's IpadicFormatter reads them. */
export const SURFACE = 0;
export const POS = 1;
export const POS_DETAIL_1 = 2;
export const READING = 8;
export const PRONUNCIATION = 9;
export const NONE = '*';

/** What this module uses of kuromoji's internals (src/dict, src/Tokenizer.js, kuromoji 0.1.2). */
interface TokenInfoDictionary {
  loadDictionary(buffer: Uint8Array): void;
  loadPosVector(buffer: Uint8Array): void;
  target_map: unknown;
  getFeatures(tokenInfoId: string | number): string;
}
interface DynamicDictionaries {
  token_info_dictionary: TokenInfoDictionary;
  loadTrie(base: Int32Array, check: Int32Array): void;
  loadConnectionCosts(costs: Int16Array): void;
  loadUnknownDictionaries(
    unk: Uint8Array,
    unkPos: Uint8Array,
    unkMap: Uint8Array,
    catMap: Uint8Array,
    compatCatMap: Uint32Array,
    invokeDef: Uint8Array,
  ): void;
}
type DynamicDictionariesClass = new () => DynamicDictionaries;
type TokenizerClass = new (dictionaries: DynamicDictionaries) => Tokenizer<IpadicFeatures>;

/** What a reading needs of every token's feature line, in a few typed arrays. */
export interface CompactFeatures {
  /** The surfaces and said forms of all tokens, one after the other, as UTF-16 code units. */
  text: Uint16Array;
  /** Where token k's surface starts in `text`; its said form follows it up to the next token's start. */
  starts: Uint32Array;
  surfaceLengths: Uint16Array;
  /** Index into `parts` of the token's part of speech and its first detail. */
  partIds: Uint16Array;
  /** "part,detail" pairs. */
  parts: string[];
  /** Tokens with no said form (neither pronunciation nor reading). */
  unsaid: Uint8Array;
}

/** Everything kuromoji's search needs, as typed arrays. */
export interface CompactDictionary {
  /** The double-array trie of surfaces (base.dat, check.dat). */
  base: Int32Array;
  check: Int32Array;
  /** Connection costs (cc.dat). */
  costs: Int16Array;
  /** Token entries (tid.dat), without padding. */
  tokens: Uint8Array;
  /** Trie entry → its tokens: targetValues[targetStarts[id]] up to targetValues[targetStarts[id + 1]]. */
  targetStarts: Int32Array;
  targetValues: Int32Array;
  features: CompactFeatures;
  /** The unknown-word dictionary's files (unk*.dat), as kuromoji loads them; without padding where they had any. */
  unknown: {
    entries: Uint8Array;
    lines: Uint8Array;
    map: Uint8Array;
    categories: Uint8Array;
    compatibleCategories: Uint32Array;
    invoke: Uint8Array;
  };
}

type Section = Int32Array | Int16Array | Uint8Array | Uint16Array | Uint32Array;

function sectionsOf(d: CompactDictionary): Record<string, Section> {
  const { features: f, unknown: u } = d;
  return {
    base: d.base,
    check: d.check,
    costs: d.costs,
    tokens: d.tokens,
    targetStarts: d.targetStarts,
    targetValues: d.targetValues,
    text: f.text,
    starts: f.starts,
    surfaceLengths: f.surfaceLengths,
    partIds: f.partIds,
    unsaid: f.unsaid,
    unknownEntries: u.entries,
    unknownLines: u.lines,
    unknownMap: u.map,
    categories: u.categories,
    compatibleCategories: u.compatibleCategories,
    invoke: u.invoke,
  };
}

const alignUp = (n: number): number => Math.ceil(n / ALIGN) * ALIGN;

/** The installed kuromoji's version: a file made from another version's dictionary is not used. */
export function kuromojiVersion(): string {
  const { version } = requirePackage('kuromoji/package.json') as { version: string };
  return version;
}

/** The compact dictionary as one file: a line of magic, a JSON header's length and the header, then aligned sections. */
export function encodeDictionary(d: CompactDictionary, kuromoji: string): Uint8Array {
  const sections = sectionsOf(d);
  const layout: Record<string, [number, number]> = {};
  let at = 0;
  for (const [name, section] of Object.entries(sections)) {
    layout[name] = [at, section.byteLength];
    at = alignUp(at + section.byteLength);
  }
  const header = new TextEncoder().encode(JSON.stringify({ format: FORMAT, kuromoji, parts: d.features.parts, layout }));
  const magic = new TextEncoder().encode(MAGIC);
  const start = alignUp(magic.length + 4 + header.length);
  const file = new Uint8Array(start + at);
  file.set(magic, 0);
  new DataView(file.buffer).setUint32(magic.length, header.length, true);
  file.set(header, magic.length + 4);
  for (const [name, section] of Object.entries(sections)) {
    file.set(new Uint8Array(section.buffer, section.byteOffset, section.byteLength), start + (layout[name]?.[0] ?? 0));
  }
  return file;
}

interface Header {
  format: number;
  kuromoji: string;
  parts: string[];
  layout: Record<string, [number, number]>;
}

function isHeader(value: unknown): value is Header {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Record<string, unknown>;
  return typeof v['format'] === 'number' && typeof v['kuromoji'] === 'string' && Array.isArray(v['parts']) && typeof v['layout'] === 'object' && v['layout'] !== null;
}

/**
 * The compact dictionary over a file's bytes, each section a view of them (nothing is copied); undefined when the
 * bytes are not such a file of this format, made from kuromoji `kuromoji`.
 */
export function decodeDictionary(file: Uint8Array, kuromoji: string): CompactDictionary | undefined {
  const magic = new TextEncoder().encode(MAGIC);
  if (file.length < magic.length + 4 || !magic.every((byte, i) => file[i] === byte)) return undefined;
  const bytes = file.byteOffset % ALIGN === 0 ? file : file.slice();
  const headerLength = new DataView(bytes.buffer, bytes.byteOffset).getUint32(magic.length, true);
  let header: unknown;
  try {
    header = JSON.parse(new TextDecoder().decode(bytes.subarray(magic.length + 4, magic.length + 4 + headerLength)));
  } catch {
    return undefined;
  }
  if (!isHeader(header) || header.format !== FORMAT || header.kuromoji !== kuromoji) return undefined;
  const start = alignUp(magic.length + 4 + headerLength);
  const view = <T>(name: string, make: (buffer: ArrayBufferLike, offset: number, bytes: number) => T): T => {
    const place = header.layout[name];
    if (place === undefined || start + place[0] + place[1] > bytes.length) throw new Error(`ipadic.bin: no section ${name}`);
    return make(bytes.buffer, bytes.byteOffset + start + place[0], place[1]);
  };
  const int32 = (name: string) => view(name, (b, o, n) => new Int32Array(b, o, n / 4));
  const uint32 = (name: string) => view(name, (b, o, n) => new Uint32Array(b, o, n / 4));
  const uint16 = (name: string) => view(name, (b, o, n) => new Uint16Array(b, o, n / 2));
  const uint8 = (name: string) => view(name, (b, o, n) => new Uint8Array(b, o, n));
  try {
    return sections(int32, uint32, uint16, uint8, view, header.parts);
  } catch {
    return undefined; // a section is missing or cut short
  }
}

type View<T> = (name: string) => T;

function sections(
  int32: View<Int32Array>,
  uint32: View<Uint32Array>,
  uint16: View<Uint16Array>,
  uint8: View<Uint8Array>,
  view: <T>(name: string, make: (buffer: ArrayBufferLike, offset: number, bytes: number) => T) => T,
  parts: unknown[],
): CompactDictionary {
  return {
    base: int32('base'),
    check: int32('check'),
    costs: view('costs', (b, o, n) => new Int16Array(b, o, n / 2)),
    tokens: uint8('tokens'),
    targetStarts: int32('targetStarts'),
    targetValues: int32('targetValues'),
    features: {
      text: uint16('text'),
      starts: uint32('starts'),
      surfaceLengths: uint16('surfaceLengths'),
      partIds: uint16('partIds'),
      parts: parts.map(String),
      unsaid: uint8('unsaid'),
    },
    unknown: {
      entries: uint8('unknownEntries'),
      lines: uint8('unknownLines'),
      map: uint8('unknownMap'),
      categories: uint8('categories'),
      compatibleCategories: uint32('compatibleCategories'),
      invoke: uint8('invoke'),
    },
  };
}

/** `target_map[id]` as kuromoji's Viterbi builder reads it, over the two arrays (its tokens, as a view). */
function targetMapView({ starts, values }: { starts: Int32Array; values: Int32Array }): Record<string, Int32Array> {
  return new Proxy<Record<string, Int32Array>>(
    {},
    {
      get(_, key) {
        const id = typeof key === 'string' ? Number(key) : Number.NaN;
        const from = starts[id];
        const to = starts[id + 1];
        return from === undefined || to === undefined ? undefined : values.subarray(from, to);
      },
    },
  );
}

/** Token k's feature line in the dictionary's layout, with only what CompactFeatures keeps and "*" elsewhere. */
export function featureLine(features: CompactFeatures, k: number): string {
  const start = features.starts[k];
  const next = features.starts[k + 1];
  const surfaceLength = features.surfaceLengths[k];
  if (start === undefined || next === undefined || surfaceLength === undefined) return '';
  const surface = String.fromCharCode(...features.text.subarray(start, start + surfaceLength));
  const part = features.parts[features.partIds[k] ?? 0] ?? `${NONE},${NONE}`;
  const said = features.unsaid[k] === 1 ? NONE : String.fromCharCode(...features.text.subarray(start + surfaceLength, next));
  const line = [surface, part];
  for (let field = POS_DETAIL_1 + 1; field < READING; field += 1) line.push(NONE);
  line.push(NONE, said);
  return line.join(',');
}

/** kuromoji's tokenizer, its Viterbi search unchanged, over the compact dictionary. */
export function tokenizerOver(d: CompactDictionary): Tokenizer<IpadicFeatures> {
  const DynamicDictionaries = requirePackage('kuromoji/src/dict/DynamicDictionaries') as DynamicDictionariesClass;
  const TokenizerOf = requirePackage('kuromoji/src/Tokenizer') as TokenizerClass;
  const dictionaries = new DynamicDictionaries();
  dictionaries.loadTrie(d.base, d.check);
  dictionaries.loadConnectionCosts(d.costs);
  const known = dictionaries.token_info_dictionary;
  known.loadDictionary(d.tokens);
  // Its feature lines are read from d.features: let the 10 MB buffer kuromoji starts the dictionary with go.
  known.loadPosVector(new Uint8Array(0));
  known.target_map = targetMapView({ starts: d.targetStarts, values: d.targetValues });
  known.getFeatures = (tokenInfoId) => featureLine(d.features, Number(tokenInfoId) / TOKEN_ENTRY_BYTES);
  const u = d.unknown;
  dictionaries.loadUnknownDictionaries(u.entries, u.lines, u.map, u.categories, u.compatibleCategories, u.invoke);
  return new TokenizerOf(dictionaries);
}

/**
 * kuromoji's tokenizer over the compact dictionary: read from the first of `builtFiles` that holds one made from the
 * installed kuromoji, else made from kuromoji's own files in `kuromojiDictionary` (ipadicBuild.ts).
 */
export async function loadCompactTokenizer(builtFiles: readonly string[], kuromojiDictionary: string): Promise<Tokenizer<IpadicFeatures>> {
  const version = kuromojiVersion();
  for (const path of builtFiles) {
    let file: Uint8Array;
    try {
      file = await readFile(path);
    } catch {
      continue; // not built there
    }
    const dictionary = decodeDictionary(file, version);
    if (dictionary !== undefined) return tokenizerOver(dictionary);
  }
  const { compactDictionary } = await import('./ipadicBuild');
  return tokenizerOver(await compactDictionary(kuromojiDictionary));
}
