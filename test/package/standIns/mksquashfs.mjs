#!/usr/bin/env node
// A stand-in for the mksquashfs of electron-builder's AppImage toolset (downloaded by electron-builder, which cannot be
// done here): called as `mksquashfs <stageDir> <output> -offset <bytes> …` (app-builder-lib
// targets/appimage/appImageUtil.ts). It leaves <bytes> for the runtime electron-builder writes over the start, then a
// listing of the stage, and copies the stage's launcher and desktop entry to $APPIMAGE_STAGE_RECORD to be read back.
import { copyFileSync, mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';

const [stage, output, ...rest] = process.argv.slice(2);
const offset = Number(rest[rest.indexOf('-offset') + 1]);
if (stage === undefined || output === undefined || !Number.isInteger(offset)) throw new Error(`mksquashfs stand-in: ${process.argv.join(' ')}`);

function walk(dir) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = join(dir, entry.name);
    return entry.isDirectory() ? walk(full) : [relative(stage, full)];
  });
}
const files = walk(stage).sort();
writeFileSync(output, Buffer.concat([Buffer.alloc(offset), Buffer.from(`${JSON.stringify(files)}\n`)]));

const record = process.env.APPIMAGE_STAGE_RECORD;
if (record) {
  mkdirSync(record, { recursive: true });
  writeFileSync(join(record, 'files.json'), JSON.stringify(files));
  writeFileSync(join(record, 'arguments.json'), JSON.stringify(process.argv.slice(2)));
  for (const file of files.filter((name) => name === 'AppRun' || name.endsWith('.desktop'))) copyFileSync(join(stage, file), join(record, file));
}
