/**
 * The page's stylesheet written into the page the shell serves. The first screen is already drawn in the HTML
 * (firstPaint.ts), but a stylesheet linked from the page holds its first paint until one more request to this server
 * has been answered, at a start while the page's scripts are asked for beside it: on the bench machine cold start → QR
 * went from a median 95–131 ms over the empty page to 24–33 ms with the stylesheet in the page.
 *
 * The page's policy allows that text and nothing else: its sha256 joins `style-src` in the header (policyWithStyles)
 * and in the page's own `<meta>` policy, which a browser enforces beside the header. When the page's `<meta>` policy
 * has no `style-src 'self'` to add it to, or a file is missing or could end the element early, the link stays as it
 * was: the page still loads, only later.
 */
import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';

/** A stylesheet link as the renderer's build writes it into index.html: a file of its own under assets/. */
const STYLESHEET_LINK = /<link rel="stylesheet" crossorigin href="\.\/assets\/([\w-]+(?:\.[\w-]+)*\.css)">/g;
const META_POLICY = /(<meta\s+http-equiv="Content-Security-Policy"\s+content=")([^"]*)(")/i;
const STYLE_SELF = "style-src 'self'";

export interface InlinedStyles {
  html: string;
  /** CSP hash sources (`'sha256-…'`) of the style elements written in, for the response's policy. */
  hashes: readonly string[];
}

/** `policy` with `hashes` allowed beside `style-src 'self'`; as it was when there are none. */
export function policyWithStyles(policy: string, hashes: readonly string[]): string {
  if (hashes.length === 0 || !policy.includes(STYLE_SELF)) return policy;
  return policy.replace(STYLE_SELF, [STYLE_SELF, ...hashes].join(' '));
}

const hashSource = (text: string): string => `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;

async function readStylesheet(rendererDir: string, file: string): Promise<string | undefined> {
  try {
    const text = await readFile(join(rendererDir, 'assets', file), 'utf8');
    return /<\/style/i.test(text) ? undefined : text;
  } catch {
    return undefined;
  }
}

/** `html` (the renderer's index.html) with each of its stylesheets written in, and the hashes that allow them. */
export async function inlineStylesheets(html: string, rendererDir: string): Promise<InlinedStyles> {
  const meta = META_POLICY.exec(html);
  if (meta !== null && !(meta[2] ?? '').includes(STYLE_SELF)) return { html, hashes: [] };
  const links = [...html.matchAll(STYLESHEET_LINK)];
  const texts = await Promise.all(links.map((link) => readStylesheet(rendererDir, link[1] ?? '')));
  const hashes: string[] = [];
  let page = '';
  let from = 0;
  links.forEach((link, i) => {
    const text = texts[i];
    if (text === undefined) return;
    page += `${html.slice(from, link.index)}<style>${text}</style>`;
    from = link.index + link[0].length;
    hashes.push(hashSource(text));
  });
  page += html.slice(from);
  if (meta !== null && hashes.length > 0) page = page.replace(META_POLICY, (_all, open: string, policy: string, close: string) => open + policyWithStyles(policy, hashes) + close);
  return { html: page, hashes };
}
