/**
 * The stylesheet written into the page the shell serves (main/kiosk/inlineStyle.ts): the link becomes a style element,
 * and the policies, the page's `<meta>` and the header, allow that text by its sha256 and no other inline style.
 */
import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inlineStylesheets, policyWithStyles } from '../../../main/kiosk/inlineStyle';
import { KIOSK_CONTENT_SECURITY_POLICY } from '../../../main/kiosk/server';

const CSS = 'body{background:#0b0d12;font-family:Noto Sans CJK TC}.qr{width:20rem}';
const META = `<meta http-equiv="Content-Security-Policy" content="default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:" />`;
/** The head as the renderer's build writes it. */
const page = (link: string, meta = META) =>
  `<!doctype html><html lang="en"><head>${meta}<script type="module" crossorigin src="./assets/main-1.js"></script>${link}</head><body><div id="root"></div></body></html>`;
const LINK = '<link rel="stylesheet" crossorigin href="./assets/style-Ab12.css">';
/** The CSP hash source of `text`, as CSP Level 2 defines it: base64 of the SHA-256 of its UTF-8 bytes. */
const sha256 = (text: string) => `'sha256-${createHash('sha256').update(Buffer.from(text, 'utf8')).digest('base64')}'`;

let dir: string;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'tunewall-inline-'));
  mkdirSync(join(dir, 'assets'));
  writeFileSync(join(dir, 'assets', 'style-Ab12.css'), CSS);
  writeFileSync(join(dir, 'assets', 'ends-Early.css'), 'a{color:red}</style><script>alert(1)</script>');
  writeFileSync(join(dir, 'outside.css'), 'body{display:none}');
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('the stylesheet in the page', () => {
  it('replaces the link with the file as it is, allowed by its hash in the page policy and for the header', async () => {
    const { html, hashes } = await inlineStylesheets(page(LINK), dir);
    expect(html).not.toContain('<link rel="stylesheet"');
    expect(html).toContain(`<style>${CSS}</style></head>`);
    expect(hashes).toEqual([sha256(CSS)]);
    expect(html).toContain(`style-src 'self' ${sha256(CSS)}; img-src 'self' data:`);
    // Nothing else in the policy moved: no 'unsafe-inline', scripts as they were.
    expect(html).not.toContain('unsafe-inline');
    expect(html).toContain("script-src 'self'; style-src");
    const header = policyWithStyles(KIOSK_CONTENT_SECURITY_POLICY, hashes);
    expect(header).toBe(KIOSK_CONTENT_SECURITY_POLICY.replace("style-src 'self'", `style-src 'self' ${sha256(CSS)}`));
  });

  it('hashes text outside ASCII by its UTF-8 bytes', async () => {
    const css = '.ellipsis::after{content:"…"}';
    writeFileSync(join(dir, 'assets', 'style-Wide.css'), css);
    const { hashes } = await inlineStylesheets(page('<link rel="stylesheet" crossorigin href="./assets/style-Wide.css">'), dir);
    expect(hashes).toEqual([sha256(css)]);
  });

  it.each([
    ['a stylesheet that is not there', '<link rel="stylesheet" crossorigin href="./assets/style-Gone.css">'],
    ['a stylesheet that would end the style element', '<link rel="stylesheet" crossorigin href="./assets/ends-Early.css">'],
    ['a link out of the assets folder', '<link rel="stylesheet" crossorigin href="./assets/../outside.css">'],
  ])('leaves the page as it was for %s', async (_what, link) => {
    const html = page(link);
    expect(await inlineStylesheets(html, dir)).toEqual({ html, hashes: [] });
  });

  it("leaves the link when the page's own policy has no style-src 'self' to allow the style in", async () => {
    const html = page(LINK, `<meta http-equiv="Content-Security-Policy" content="default-src 'self'; style-src 'none'" />`);
    expect(await inlineStylesheets(html, dir)).toEqual({ html, hashes: [] });
  });

  it('writes the style in on a page without a policy of its own (the header still carries the hash)', async () => {
    const { html, hashes } = await inlineStylesheets(page(LINK, ''), dir);
    expect(html).toContain(`<style>${CSS}</style>`);
    expect(hashes).toEqual([sha256(CSS)]);
  });

  it('leaves a policy without style hashes as it is', () => {
    expect(policyWithStyles(KIOSK_CONTENT_SECURITY_POLICY, [])).toBe(KIOSK_CONTENT_SECURITY_POLICY);
  });
});
