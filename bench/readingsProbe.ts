/**
 * One fresh process's measure of voice guidance's readings (bench/readings.ts runs it, with --expose-gc): how long the
 * shell's own loaders take to make the first kana (from the compact dictionary the shell's build wrote) and the first
 * pinyin, and what their dictionaries hold in memory once collected, then again after the shell lets the Japanese
 * dictionary go. Prints one JSON line.
 */
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { IPADIC_FILE } from '../main/core/features/speech/ipadic';
import { createReadings, loadKuromoji } from '../main/core/features/speech/readings';

/** The compact dictionary as the kiosk shell's build wrote it (`npm run bench` builds the shell first). */
const BUILT = join(resolve(import.meta.dirname, '..'), 'out/kiosk', IPADIC_FILE);

const MB = 1024 * 1024;

function collected(): NodeJS.MemoryUsage {
  const gc = globalThis.gc;
  if (gc === undefined) throw new Error('run with --expose-gc');
  gc();
  gc();
  return process.memoryUsage();
}

async function main(): Promise<void> {
  if (!existsSync(BUILT)) throw new Error(`${BUILT} is missing: run npm run build:kiosk`);
  const readings = createReadings({ loadAnalyser: () => loadKuromoji([BUILT]) });
  const m0 = collected();
  const p0 = performance.now();
  await readings.pinyin('華語單曲日榜');
  const pinyinMs = performance.now() - p0;
  const m1 = collected();
  const k0 = performance.now();
  const words = await readings.japanese('総合リアルタイムランキング', 600_000);
  const kanaMs = performance.now() - k0;
  if (words === undefined) throw new Error('kuromoji did not load');
  const r0 = performance.now();
  await readings.japanese('コードの有効期限まであと10分です。', 1);
  const nextKanaMs = performance.now() - r0;
  const m2 = collected();
  readings.release();
  await new Promise((resolve) => setTimeout(resolve, 50));
  const m3 = collected();
  const held = (a: NodeJS.MemoryUsage) => (a.heapUsed + a.external) / MB;
  process.stdout.write(
    `${JSON.stringify({
      pinyinMs,
      pinyinHeldMB: held(m1) - held(m0),
      kanaMs,
      nextKanaMs,
      kuromojiRssMB: (m2.rss - m1.rss) / MB,
      kuromojiHeldMB: held(m2) - held(m1),
      kuromojiHeapMB: (m2.heapUsed - m1.heapUsed) / MB,
      kuromojiExternalMB: (m2.external - m1.external) / MB,
      releasedHeldMB: held(m3) - held(m1),
      releasedRssMB: (m3.rss - m1.rss) / MB,
    })}\n`,
  );
}

main().catch((error: unknown) => {
  process.stderr.write(`readings probe failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
