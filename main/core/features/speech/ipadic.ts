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

/**
 * The compact dictionary's arrays by name, each with the kind of typed array it is; its file holds them in this order.
 * - base, check: the double-array trie of surfaces (base.dat, check.dat); costs: connection costs (cc.dat).
 * - tokens: token entries (tid.dat) without padding; targetStarts, targetValues: trie entry `id` → its tokens,
 *   targetValues[targetStarts[id]] up to targetValues[targetStarts[id + 1]].
 * - What a reading needs of each token k's feature line: `text` holds every token's surface, then its said form, as
 *   UTF-16 code units from starts[k] (its surface surfaceLengths[k] long) up to starts[k + 1]; partIds[k] indexes
 *   `parts` ("part of speech,first detail"); unsaid[k] is 1 where it has neither pronunciation nor reading.
 * - The unknown-word dictionary's files (unk*.dat) as kuromoji loads them, without padding where they had any.
 */
const SECTIONS = {
  base: Int32Array,
  check: Int32Array,
  costs: Int16Array,
  tokens: Uint8Array,
  targetStarts: Int32Array,
  targetValues: Int32Array,
  text: Uint16Array,
  starts: Uint32Array,
  surfaceLengths: Uint16Array,
  partIds: Uint16Array,
  unsaid: Uint8Array,
  unknownEntries: Uint8Array,
  unknownLines: Uint8Array,
  unknownMap: Uint8Array,
  categories: Uint8Array,
  compatibleCategories: Uint32Array,
  invoke: Uint8Array,
} as const;
type SectionName = keyof typeof SECTIONS;
const SECTION_NAMES = Object.keys(SECTIONS) as SectionName[];

/** Everything kuromoji's search and a reading need, as typed arrays (SECTIONS), and the part-of-speech names. */
export type CompactDictionary = { [N in SectionName]: InstanceType<(typeof SECTIONS)[N]> } & { parts: string[] };
/** What a reading needs of every token's feature line. */
export type CompactFeatures = Pick<CompactDictionary, 'text' | 'starts' | 'surfaceLengths' | 'partIds' | 'unsaid' | 'parts'>;

const alignUp = (n: number): number => Math.ceil(n / ALIGN) * ALIGN;

/** The installed kuromoji's version: a file made from another version's dictionary is not used. */
export function kuromojiVersion(): string {
  const { version } = requirePackage('kuromoji/package.json') as { version: string };
  return version;
}

/** The compact dictionary as one file: a line of magic, a JSON header's length and the header, then aligned sections. */
export function encodeDictionary(d: CompactDictionary, kuromoji: string): Uint8Array {
  const layout: Record<string, [number, number]> = {};
  let at = 0;
  for (const name of SECTION_NAMES) {
    layout[name] = [at, d[name].byteLength];
    at = alignUp(at + d[name].byteLength);
  }
  const header = new TextEncoder().encode(JSON.stringify({ format: FORMAT, kuromoji, parts: d.parts, layout }));
  const magic = new TextEncoder().encode(MAGIC);
  const start = alignUp(magic.length + 4 + header.length);
  const file = new Uint8Array(start + at);
  file.set(magic, 0);
  new DataView(file.buffer).setUint32(magic.length, header.length, true);
  file.set(header, magic.length + 4);
  for (const name of SECTION_NAMES) {
    const section = d[name];
    file.set(new Uint8Array(section.buffer, section.byteOffset, section.byteLength), start + (layout[name]?.[0] ?? 0));
  }
  return file;
}

interface Header {
  format: number;
  kuromoji: string;
  parts: unknown[];
  layout: Partial<Record<string, [number, number]>>;
}

function isHeader(value: unknown): value is Header {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Record<string, unknown>;
  return typeof v['format'] === 'number' && typeof v['kuromoji'] === 'string' && Array.isArray(v['parts']) && typeof v['layout'] === 'object' && v['layout'] !== null;
}

/**
 * The compact dictionary over a file's bytes, each section a view of them (nothing is copied); undefined when the
 * bytes are not such a file of this format, made from kuromoji `kuromoji`, with every section whole.
 */
export function decodeDictionary(file: Uint8Array, kuromoji: string): CompactDictionary | undefined {
  const magic = new TextEncoder().encode(MAGIC);
  if (file.length < magic.length + 4 || !magic.every((byte, i) => file[i] === byte)) return undefined;
  // A buffer of its own, aligned, for the sections' views (readFile gives one; a copy otherwise).
  const bytes = file.byteOffset % ALIGN === 0 && file.buffer instanceof ArrayBuffer ? new Uint8Array(file.buffer, file.byteOffset, file.length) : file.slice();
  const headerLength = new DataView(bytes.buffer, bytes.byteOffset).getUint32(magic.length, true);
  let header: unknown;
  try {
    header = JSON.parse(new TextDecoder().decode(bytes.subarray(magic.length + 4, magic.length + 4 + headerLength)));
  } catch {
    return undefined;
  }
  if (!isHeader(header) || header.format !== FORMAT || header.kuromoji !== kuromoji) return undefined;
  const start = alignUp(magic.length + 4 + headerLength);
  const views: Partial<Record<SectionName, InstanceType<(typeof SECTIONS)[SectionName]>>> = {};
  for (const name of SECTION_NAMES) {
    const place = header.layout[name];
    const Kind = SECTIONS[name];
    if (place === undefined || start + place[0] + place[1] > bytes.length || place[1] % Kind.BYTES_PER_ELEMENT !== 0) return undefined;
    views[name] = new Kind(bytes.buffer, bytes.byteOffset + start + place[0], place[1] / Kind.BYTES_PER_ELEMENT);
  }
  // Every section is there, each of its kind (the loop above made it from SECTIONS).
  return { ...(views as Omit<CompactDictionary, 'parts'>), parts: header.parts.map(String) };
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
  // Its feature lines are read from d's arrays: let the 10 MB buffer kuromoji starts the dictionary with go.
  known.loadPosVector(new Uint8Array(0));
  known.target_map = targetMapView({ starts: d.targetStarts, values: d.targetValues });
  known.getFeatures = (tokenInfoId) => featureLine(d, Number(tokenInfoId) / TOKEN_ENTRY_BYTES);
  dictionaries.loadUnknownDictionaries(d.unknownEntries, d.unknownLines, d.unknownMap, d.categories, d.compatibleCategories, d.invoke);
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
