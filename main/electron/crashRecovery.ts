/**
 * What to do when the renderer dies or hangs: reload a few times, then stop and show a page that says so in plain
 * words, so a wall display never loops through crashes unseen.
 */

export interface ReloadBudget {
  /** Records an attempt; false when the budget for the window is spent. */
  tryConsume(): boolean;
  reset(): void;
}

export function createReloadBudget(options: { max: number; windowMs: number; now: () => number }): ReloadBudget {
  let attempts: number[] = [];
  return {
    tryConsume() {
      const now = options.now();
      attempts = attempts.filter((at) => now - at < options.windowMs);
      if (attempts.length >= options.max) return false;
      attempts.push(now);
      return true;
    },
    reset() {
      attempts = [];
    },
  };
}

export const RELOADS_ALLOWED = 3;
export const RELOAD_WINDOW_MS = 60_000;

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** A self-contained page (no script, no network) that tells a person what happened and what to do. */
export function messagePageUrl(title: string, paragraphs: readonly string[], detail: string): string {
  const body = paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`).join('\n');
  const html = `<!doctype html>
<html lang="en"><head><meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'">
<title>Tunewall</title>
<style>
body{margin:0;height:100vh;display:flex;align-items:center;justify-content:center;background:#0b0b10;color:#f2f2f5;
font:28px/1.5 system-ui,sans-serif}
main{max-width:60ch;padding:2em}h1{font-size:1.6em;margin:0 0 .5em}p{margin:.4em 0}small{color:#a0a0ad}
</style></head>
<body><main>
<h1>${escapeHtml(title)}</h1>
${body}
<p><small>${escapeHtml(detail)}</small></p>
</main></body></html>`;
  return `data:text/html;charset=utf-8,${encodeURIComponent(html)}`;
}

/** The page shown when reloading has not helped. */
export function errorPageUrl(detail: string): string {
  return messagePageUrl(
    'Tunewall stopped working',
    [
      'The screen stopped responding several times in a row, so Tunewall has paused instead of trying again and again.',
      'Press OK (or Enter) to try again. Tunewall will also try again by itself in a few minutes.',
      'If this keeps happening, restart the device.',
    ],
    detail,
  );
}

export function isErrorPageUrl(url: string): boolean {
  return url.startsWith('data:text/html');
}
