/**
 * The documents hold together: every relative link in README.md and docs/ (to another document, a section's folder, a
 * screenshot) names a file or folder that is there, so a newcomer following one never lands on a 404.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = resolve(import.meta.dirname, '../..');

function documents(): string[] {
  const docs = readdirSync(join(ROOT, 'docs'))
    .filter((name) => name.endsWith('.md'))
    .map((name) => join('docs', name));
  return ['README.md', ...docs];
}

/** Every link target of a Markdown text, outside code blocks and inline code. */
export function linkTargets(markdown: string): string[] {
  const prose = markdown.replace(/^```[\s\S]*?^```/gm, '').replace(/`[^`\n]*`/g, '');
  return [...prose.matchAll(/\]\(([^)\s]+)(?:\s+"[^"]*")?\)/g)].map((m) => m[1] ?? '');
}

const relativeTarget = (target: string): boolean => !/^(?:[a-z][a-z0-9+.-]*:|#)/i.test(target);

describe('links between the documents', () => {
  it('README and docs/ are there, with the guides a newcomer is sent to', () => {
    expect(documents()).toEqual(
      expect.arrayContaining(['README.md', 'docs/viewers-guide.md', 'docs/accessibility.md', 'docs/configuration.md', 'docs/store-display.md', 'docs/sandbox.md', 'docs/development.md']),
    );
  });

  it('every relative link resolves to a file or folder in the repository', () => {
    const broken: string[] = [];
    let checked = 0;
    for (const doc of documents()) {
      for (const target of linkTargets(readFileSync(join(ROOT, doc), 'utf8')).filter(relativeTarget)) {
        const path = relative(ROOT, resolve(dirname(join(ROOT, doc)), decodeURIComponent(target.split('#')[0] ?? '')));
        checked += 1;
        if (path.startsWith('..') || !existsSync(join(ROOT, path))) broken.push(`${doc}: ${target}`);
      }
    }
    expect(broken).toEqual([]);
    expect(checked).toBeGreaterThan(30);
  });

  it('finds links as Markdown draws them, and none inside code', () => {
    expect(linkTargets('See [a](docs/a.md) and ![b](img/b.png "B"). `[c](no.md)`\n```\n[d](no.md)\n```\n')).toEqual(['docs/a.md', 'img/b.png']);
  });
});
