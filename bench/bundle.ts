/**
 * A built page's size as a phone or a TV box downloads it: every `.js` and `.css` under its folder, gzip level 9, each
 * file in the figure's details.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import type { FigureBook } from './figures';
import { summarise } from './stats';

export function bundleFigure(book: FigureBook, bundle: { dir: string; id: string; title: string; maxKB: number }): void {
  const files: { name: string; gzip: number }[] = [];
  const walk = (dir: string): void => {
    for (const entry of readdirSync(dir)) {
      const path = join(dir, entry);
      if (statSync(path).isDirectory()) walk(path);
      else if (/\.(js|mjs|css)$/.test(entry)) files.push({ name: path.slice(bundle.dir.length + 1), gzip: gzipSync(readFileSync(path), { level: 9 }).length });
    }
  };
  walk(bundle.dir);
  book.add({
    id: bundle.id,
    title: bundle.title,
    unit: 'KB',
    measure: 'absolute',
    summary: summarise([files.reduce((sum, f) => sum + f.gzip, 0) / 1024]),
    budget: { max: bundle.maxKB, judged: 'value' },
    budgetText: `≤ ${bundle.maxKB} KB`,
    detail: Object.fromEntries(files.map((f) => [f.name, Number((f.gzip / 1024).toFixed(1))])),
  });
}
