/**
 * Which dependencies may run install scripts is stated in package.json (`allowScripts`, npm 11's policy, kept with
 * `npm approve-scripts` / `npm deny-scripts`), so `npm ci` lists none as unreviewed: esbuild's runs (it checks its
 * platform binary); the others' print a banner or prepare a Windows installer tool this build does not use.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';

const ROOT = join(import.meta.dirname, '../..');
const PackageSchema = z.object({ allowScripts: z.record(z.string(), z.boolean()) });
const LockSchema = z.object({ packages: z.record(z.string(), z.object({ hasInstallScript: z.boolean().optional() })) });

const manifest = PackageSchema.parse(JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')));
const lock = LockSchema.parse(JSON.parse(readFileSync(join(ROOT, 'package-lock.json'), 'utf8')));

/** The package name of a lockfile path such as node_modules/a/node_modules/@scope/b. */
const nameOf = (path: string): string => path.slice(path.lastIndexOf('node_modules/') + 'node_modules/'.length);

describe('install scripts', () => {
  it('every dependency with an install script is allowed or denied in package.json, esbuild allowed', () => {
    const withScripts = Object.entries(lock.packages)
      .filter(([path, entry]) => path !== '' && entry.hasInstallScript === true)
      .map(([path]) => nameOf(path));
    expect(withScripts.length).toBeGreaterThan(0);
    expect(withScripts.filter((name) => manifest.allowScripts[name] === undefined)).toEqual([]);
    expect(manifest.allowScripts['esbuild']).toBe(true);
  });
});
