/**
 * The Node versions package.json declares are ones every dependency accepts, so an install on any of them warns of no
 * unsupported engine, except the Electron tooling below, whose declaration is stricter than what it needs.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import semver from 'semver';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';

const ROOT = join(import.meta.dirname, '../..');
const PackageSchema = z.object({ engines: z.object({ node: z.string() }) });
const LockSchema = z.object({
  packages: z.record(
    z.string(),
    z.object({
      engines: z.union([z.record(z.string(), z.string()), z.array(z.string())]).optional(),
      os: z.array(z.string()).optional(),
      cpu: z.array(z.string()).optional(),
    }),
  ),
});

/**
 * Electron 45 and the helpers it installs (download, unzip) or electron-builder uses (rebuild, ABI table) declare
 * Node ≥ 22.12 because they are ES modules loaded with require(); Node 20.19 does that too (require(esm) is on by
 * default since 20.19), which the last test checks. npm still warns about them on Node 20: that is theirs to fix.
 */
const ELECTRON_TOOLING = new Set(['electron', '@electron/get', '@electron-internal/extract-zip', '@electron/rebuild', 'node-abi']);

/**
 * @axe-core/playwright 4.14 (the end-to-end tests' accessibility checker) declares Node ≥ 22.12 for the same reason; 4.13,
 * which declares nothing, carries axe-core 4.13, whose scrollable-region rule flags Home's rows (their items take focus
 * from the remote's arrows, tabindex -1), which 4.14 accepts. The last test loads it on this Node.
 */
const TEST_TOOLING = new Set(['@axe-core/playwright']);

const ours = PackageSchema.parse(JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8'))).engines.node;
const lock = LockSchema.parse(JSON.parse(readFileSync(join(ROOT, 'package-lock.json'), 'utf8')));

/** Whether npm installs a package on this machine: platform packages (a native binary per OS and CPU) only on theirs. */
function installedHere(entry: { os?: string[] | undefined; cpu?: string[] | undefined }): boolean {
  return (entry.os?.includes(process.platform) ?? true) && (entry.cpu?.includes(process.arch) ?? true);
}

function declaredNodeRanges(): { name: string; range: string }[] {
  const out: { name: string; range: string }[] = [];
  for (const [path, entry] of Object.entries(lock.packages)) {
    const at = path.lastIndexOf('node_modules/');
    if (at < 0 || entry.engines === undefined || Array.isArray(entry.engines) || !installedHere(entry)) continue;
    const range = entry.engines['node'];
    if (range !== undefined) out.push({ name: path.slice(at + 'node_modules/'.length), range });
  }
  return out;
}

describe('the Node versions Tunewall declares', () => {
  it('are accepted by every dependency installed on this machine but the Electron and test tooling', () => {
    const refused = declaredNodeRanges()
      .filter(({ name, range }) => !ELECTRON_TOOLING.has(name) && !TEST_TOOLING.has(name) && !semver.subset(ours, range))
      .map(({ name, range }) => `${name} wants ${range}`);
    expect(refused).toEqual([]);
  });

  it('and the README names every package npm warns EBADENGINE for on them, so a newcomer knows the warning is expected', () => {
    // The paragraph that speaks of the warning, not a mention elsewhere.
    const readme = readFileSync(join(ROOT, 'README.md'), 'utf8').split(/\n\s*\n/).find((paragraph) => paragraph.includes('EBADENGINE')) ?? '';
    const warned = [...new Set(declaredNodeRanges().filter(({ range }) => !semver.subset(ours, range)).map(({ name }) => name))];
    expect(warned).toEqual(expect.arrayContaining(['electron', '@axe-core/playwright']));
    expect(warned.filter((name) => !readme.includes(`\`${name}\``))).toEqual([]);
  });

  it('include the Node this runs on', () => {
    expect(semver.satisfies(process.versions.node, ours)).toBe(true);
  });

  it('load the Electron tooling and the test tooling that declare a newer Node', () => {
    const require = createRequire(join(ROOT, 'node_modules/electron/install.js'));
    expect(typeof (require('@electron/get') as { downloadArtifact?: unknown }).downloadArtifact).toBe('function');
    const fromRoot = createRequire(join(ROOT, 'package.json'));
    expect(typeof (fromRoot('@axe-core/playwright') as { default?: unknown }).default).toBe('function');
  });
});
