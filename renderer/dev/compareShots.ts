/**
 * Compares two runs of screenshots.ts pixel by pixel, for a change to the styles that should draw nothing differently.
 * Run: npx tsx renderer/dev/compareShots.ts BEFORE AFTER [DIFFS]   (DIFFS: AFTER/../shots-diff unless given)
 * Every picture in both folders is compared as raw RGBA; for each that differs, DIFFS gets the after picture dimmed
 * with the differing pixels in magenta, and the line says how many pixels and where (their bounding box). Pictures
 * in only one folder are listed too. Exits 1 when anything differs, so a script can stop on it.
 */
import { existsSync, mkdirSync, readdirSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import sharp from 'sharp';

interface Raw {
  data: Buffer;
  width: number;
  height: number;
}

async function raw(file: string): Promise<Raw> {
  const { data, info } = await sharp(file).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height };
}

interface Difference {
  pixels: number;
  box: { left: number; top: number; right: number; bottom: number };
  image: Buffer;
}

/** The pixels that differ, and the after picture at a third of its brightness with those pixels in magenta. */
function difference(before: Raw, after: Raw): Difference | undefined {
  const { width, height } = after;
  const image = Buffer.alloc(width * height * 4);
  let pixels = 0;
  const box = { left: width, top: height, right: -1, bottom: -1 };
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = (y * width + x) * 4;
      const same =
        before.data[i] === after.data[i] &&
        before.data[i + 1] === after.data[i + 1] &&
        before.data[i + 2] === after.data[i + 2] &&
        before.data[i + 3] === after.data[i + 3];
      if (same) {
        for (let c = 0; c < 3; c++) image[i + c] = Math.round((after.data[i + c] ?? 0) / 3);
      } else {
        pixels++;
        image[i] = 255;
        image[i + 2] = 255;
        box.left = Math.min(box.left, x);
        box.top = Math.min(box.top, y);
        box.right = Math.max(box.right, x);
        box.bottom = Math.max(box.bottom, y);
      }
      image[i + 3] = 255;
    }
  }
  return pixels === 0 ? undefined : { pixels, box, image };
}

async function main(): Promise<number> {
  const [beforeDir, afterDir, diffArg] = process.argv.slice(2);
  if (beforeDir === undefined || afterDir === undefined) {
    console.error('Usage: npx tsx renderer/dev/compareShots.ts BEFORE AFTER [DIFFS]');
    return 2;
  }
  const diffDir = diffArg ?? join(dirname(afterDir), `${basename(afterDir)}-diff`);
  const pngs = (dir: string): string[] => readdirSync(dir).filter((name) => name.endsWith('.png')).sort();
  const before = new Set(pngs(beforeDir));
  const after = pngs(afterDir);
  let same = 0;
  let differing = 0;
  for (const name of after) {
    if (!before.has(name)) {
      console.log(`only after   ${name}`);
      continue;
    }
    before.delete(name);
    const [b, a] = await Promise.all([raw(join(beforeDir, name)), raw(join(afterDir, name))]);
    if (b.width !== a.width || b.height !== a.height) {
      differing++;
      console.log(`SIZE         ${name}: ${b.width}×${b.height} → ${a.width}×${a.height}`);
      continue;
    }
    const diff = difference(b, a);
    if (diff === undefined) {
      same++;
      continue;
    }
    differing++;
    if (!existsSync(diffDir)) mkdirSync(diffDir, { recursive: true });
    const file = join(diffDir, name);
    await sharp(diff.image, { raw: { width: a.width, height: a.height, channels: 4 } }).png().toFile(file);
    const { left, top, right, bottom } = diff.box;
    console.log(`DIFFERS      ${name}: ${diff.pixels} px in ${left},${top}–${right},${bottom} → ${file}`);
  }
  for (const name of before) console.log(`only before  ${name}`);
  console.log(`${same} the same, ${differing} different, ${before.size} only before`);
  return differing > 0 ? 1 : 0;
}

main().then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    console.error(error);
    process.exitCode = 1;
  },
);
