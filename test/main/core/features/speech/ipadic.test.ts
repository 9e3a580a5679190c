/**
 * The Japanese dictionary as voice guidance holds it (ipadic.ts), made as the build makes it (ipadicBuild.ts), written
 * to its file and read back, against kuromoji's own loader over the same files: every one of its 392,126 tokens keeps
 * the fields a reading uses, and whole texts (every name of the sandbox's five catalogs, every UI string of the three
 * languages, and sentences that lean on the unknown-word dictionary) come out as the same words with the same
 * readings. A file that is not one, or was made from another kuromoji, is not used.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type * as Kuromoji from 'kuromoji';
import type { IpadicFeatures, Tokenizer } from 'kuromoji';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  decodeDictionary,
  encodeDictionary,
  kuromojiVersion,
  loadCompactTokenizer,
  tokenizerOver,
} from '../../../../../main/core/features/speech/ipadic';
import { compactDictionary } from '../../../../../main/core/features/speech/ipadicBuild';
import { analyseWith, kuromojiDictionary } from '../../../../../main/core/features/speech/readings';
import { TERRITORIES } from '../../../../../shared/territory';
import { territoryNames, uiStrings } from './corpus';

const requirePackage = createRequire(import.meta.url);

/** What both tokenizers' dictionaries answer for a token's features. */
interface WithFeatures {
  token_info_dictionary: { getFeatures(id: number): string };
}

function stockTokenizer(): Promise<Tokenizer<IpadicFeatures>> {
  const kuromoji = requirePackage('kuromoji') as typeof Kuromoji;
  return new Promise((resolve, reject) => {
    kuromoji.builder({ dicPath: kuromojiDictionary() }).build((error: Error | null, tokenizer: Tokenizer<IpadicFeatures>) => {
      if (error) reject(error);
      else resolve(tokenizer);
    });
  });
}

/** The fields a reading uses: surface, part of speech, its first detail, and the word as said. */
function readingFields(line: string): string[] {
  const fields = line.split(',');
  return [fields[0] ?? '', fields[1] ?? '', fields[2] ?? '', (fields.length > 9 ? fields[9] : fields[8]) ?? '*'];
}

let stock: Tokenizer<IpadicFeatures>;
let compact: Tokenizer<IpadicFeatures>;
let file: Uint8Array;

beforeAll(async () => {
  stock = await stockTokenizer();
  file = encodeDictionary(await compactDictionary(kuromojiDictionary()), kuromojiVersion());
  const read = decodeDictionary(file, kuromojiVersion());
  if (read === undefined) throw new Error('the file just written did not read back');
  compact = tokenizerOver(read);
}, 60_000);

describe('the compact Japanese dictionary', () => {
  it("keeps every token's surface, part of speech, first detail and reading", () => {
    const full = (stock as unknown as WithFeatures).token_info_dictionary;
    const held = (compact as unknown as WithFeatures).token_info_dictionary;
    const TOKENS = 392_126;
    const differing: string[] = [];
    for (let k = 0; k < TOKENS; k += 1) {
      const expected = readingFields(full.getFeatures(k * 10));
      const actual = readingFields(held.getFeatures(k * 10));
      if (expected.join(',') !== actual.join(',')) differing.push(`${k}: ${expected.join(',')} ≠ ${actual.join(',')}`);
    }
    expect(differing.slice(0, 10)).toEqual([]);
    // The first and last tokens are really there (not two empty answers).
    expect(readingFields(held.getFeatures(0))).toEqual(['やぼったい', '形容詞', '自立', 'ヤボッタイ']);
    expect(held.getFeatures((TOKENS - 1) * 10)).not.toBe('');
  });

  it('finds the same words, with the same readings, in every catalog name and UI string', () => {
    const texts = [
      ...TERRITORIES.flatMap((territory) => territoryNames(territory).map((named) => named.text)),
      ...(['en', 'ja', 'zh-Hant'] as const).flatMap((language) => uiStrings(language).map((s) => s.text)),
      // Unknown words: Latin letters, digits, symbols, emoji (a surrogate pair), half-width kana, long runs of kanji.
      'Tunewallで総合リアルタイムランキング2026を聞く😀ｶﾀｶﾅ、東京特許許可局長今日急遽休暇許可拒否。',
      'コードの有効期限まであと10分です。',
    ];
    const stockWords = analyseWith(stock);
    const compactWords = analyseWith(compact);
    const differing = texts.filter((text) => JSON.stringify(stockWords(text)) !== JSON.stringify(compactWords(text)));
    expect(differing).toEqual([]);
    expect(texts.length).toBeGreaterThan(500);
    // And the words are real readings, not both sides empty.
    expect(compactWords('東京の天気')).toEqual([
      { surface: '東京', pronunciation: 'トーキョー', attached: false },
      { surface: 'の', pronunciation: 'ノ', attached: true },
      { surface: '天気', pronunciation: 'テンキ', attached: false },
    ]);
  });

  it('is read from a file only when it is one, made from the installed kuromoji', async () => {
    expect(decodeDictionary(file, '0.0.0-another')).toBeUndefined();
    expect(decodeDictionary(new TextEncoder().encode('not a dictionary'), kuromojiVersion())).toBeUndefined();
    expect(decodeDictionary(file.slice(0, 64), kuromojiVersion())).toBeUndefined();
    expect(decodeDictionary(file.slice(0, file.length - 1000), kuromojiVersion())).toBeUndefined();

    // A built file from elsewhere: the loader passes over it and makes the dictionary from kuromoji's own files.
    const dir = mkdtempSync(join(tmpdir(), 'tunewall-ipadic-'));
    try {
      const foreign = join(dir, 'ipadic.bin');
      writeFileSync(foreign, encodeDictionary(await compactDictionary(kuromojiDictionary()), '0.0.0-another'));
      const made = await loadCompactTokenizer([join(dir, 'absent.bin'), foreign], kuromojiDictionary());
      expect(analyseWith(made)('東京の天気').map((word) => word.pronunciation)).toEqual(['トーキョー', 'ノ', 'テンキ']);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 60_000);
});
