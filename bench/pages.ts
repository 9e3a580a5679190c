/**
 * The bench's own pages, served on 127.0.0.1 beside Tunewall and measured in the same browser: the press floor
 * (bench/baseline/floor) and the conventional peer (bench/baseline/peer, built into out/bench-peer by `npm run bench`).
 * A plain static server: these pages talk to nothing.
 */
import { readFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { extname, join, normalize, sep } from 'node:path';
import { REPO } from './shell';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
};

/** URL prefix → folder it is served from. */
const ROOTS: readonly [string, string][] = [
  ['/peer/', join(REPO, 'out/bench-peer')],
  ['/floor/', join(REPO, 'bench/baseline/floor')],
  ['/', join(REPO, 'bench/baseline')],
];

/** The file a request path names, or undefined when it would leave its folder. */
export function fileFor(path: string): string | undefined {
  const [prefix, root] = ROOTS.find(([p]) => path.startsWith(p)) ?? ['/', ''];
  let rest = decodeURIComponent(path.slice(prefix.length));
  if (rest === '' || rest.endsWith('/')) rest += 'index.html';
  const file = normalize(join(root, rest));
  return file.startsWith(root + sep) ? file : undefined;
}

export interface PageServer {
  origin: string;
  /** The floor or the peer, as a grid of Home's shape (tiles per row) or as a list of `list` rows. */
  url(page: 'floor' | 'peer', layout: { shape: readonly number[] } | { list: number }): string;
  close(): Promise<void>;
}

export async function startPageServer(): Promise<PageServer> {
  const server: Server = createServer((request, response) => {
    const path = new URL(request.url ?? '/', 'http://127.0.0.1').pathname;
    const file = fileFor(path);
    if (file === undefined) {
      response.writeHead(404).end();
      return;
    }
    readFile(file).then(
      (body) => response.writeHead(200, { 'content-type': TYPES[extname(file)] ?? 'application/octet-stream' }).end(body),
      () => response.writeHead(404).end(),
    );
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const { port } = server.address() as AddressInfo;
  const origin = `http://127.0.0.1:${port}`;
  return {
    origin,
    url(page, layout) {
      const query = 'list' in layout ? `list=${layout.list}` : `shape=${layout.shape.join(',')}`;
      return `${origin}/${page}/?${query}`;
    },
    close: () => new Promise<void>((done) => server.close(() => done())),
  };
}
