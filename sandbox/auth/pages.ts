/**
 * The sandbox's sign-in pages: server-rendered, no external assets, no JavaScript, readable on a phone.
 * Each state-changing form carries a one-time form token.
 */
import type { DemoMember } from '../context';
import { Html, html } from './html';

const STYLE = `
:root{color-scheme:light dark;--fg:#1b1b1f;--bg:#f6f5f2;--card:#fff;--muted:#5d5d66;--accent:#0b6bcb;--danger:#b3261e;--ok:#1e7b34}
@media (prefers-color-scheme:dark){:root{--fg:#ecebe8;--bg:#121214;--card:#1e1e22;--muted:#a7a7b0;--accent:#6cb0ff;--danger:#ff8a80;--ok:#7bd88f}}
*{box-sizing:border-box}
body{margin:0;font:18px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,"Noto Sans",sans-serif;color:var(--fg);background:var(--bg)}
main{max-width:30rem;margin:0 auto;padding:1.25rem}
.card{background:var(--card);border-radius:1rem;padding:1.25rem;margin:1rem 0;box-shadow:0 1px 3px rgba(0,0,0,.15)}
h1{font-size:1.5rem;margin:.25rem 0 1rem}
.brand{color:var(--muted);font-size:.9rem;letter-spacing:.08em;text-transform:uppercase}
.code{font:700 2rem/1.2 ui-monospace,"SF Mono",Menlo,Consolas,monospace;letter-spacing:.12em;text-align:center;margin:.75rem 0}
.muted{color:var(--muted)}
.error{color:var(--danger);font-weight:600}
.ok{color:var(--ok);font-weight:600}
label{display:block;margin:.75rem 0 .25rem;font-weight:600}
input[type=text],input[type=password]{width:100%;min-height:3rem;font-size:1.15rem;padding:.5rem .75rem;border:2px solid var(--muted);border-radius:.6rem;background:transparent;color:inherit}
button{display:block;width:100%;min-height:3.25rem;margin:.75rem 0 0;font-size:1.1rem;font-weight:600;border:0;border-radius:.75rem;cursor:pointer;background:var(--accent);color:#fff}
button.secondary{background:transparent;color:var(--fg);border:2px solid var(--muted)}
button.danger{background:var(--danger)}
table{width:100%;border-collapse:collapse;font-size:.95rem;table-layout:fixed}
td,th{text-align:left;padding:.35rem .25rem;border-bottom:1px solid rgba(127,127,127,.3);overflow-wrap:anywhere}
code{font-family:ui-monospace,Menlo,Consolas,monospace}
`;

/** A phone-first page of the sandbox; `extraStyle` adds rules for what only some pages show. */
export function page(title: string, body: Html, extraStyle = ''): string {
  return `<!doctype html>${html`<html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width,initial-scale=1">
<meta name="robots" content="noindex">
<title>${title} · Tunewall sandbox</title>
<style>${new Html(STYLE + extraStyle)}</style></head>
<body><main><div class="brand">Tunewall sandbox</div>${body}</main></body></html>`.text}`;
}

function hidden(fields: Record<string, string>): Html[] {
  return Object.entries(fields).map(([name, value]) => html`<input type="hidden" name="${name}" value="${value}">`);
}

/** A problem the person can read, with the machine-readable code alongside. */
export function messagePage(title: string, message: string, errorCode?: string): string {
  return page(
    title,
    html`<div class="card"><h1>${title}</h1><p class="error">${message}</p>${
      errorCode === undefined ? '' : html`<p class="muted">Error: <code class="error-code">${errorCode}</code></p>`
    }</div>`,
  );
}

export function donePage(title: string, message: string, good: boolean): string {
  return page(title, html`<div class="card"><h1>${title}</h1><p class="${good ? 'ok' : 'error'}">${message}</p></div>`);
}

export function codeEntryPage(problem?: string, typed = ''): string {
  return page(
    'Enter your code',
    html`<div class="card"><h1>Sign in on your TV</h1>
<p>Type the code your TV shows.</p>
${problem === undefined ? '' : html`<p class="error" role="alert">${problem}</p>`}
<form method="get" action="/oauth2/authorize">
<input type="hidden" name="response_type" value="device">
<label for="user_code">Code</label>
<input type="text" id="user_code" name="user_code" value="${typed}" autocomplete="off" autocapitalize="characters" spellcheck="false" placeholder="ABCD-EFGH" required>
<button type="submit">Continue</button>
</form></div>`,
  );
}

export function loginPage(input: {
  members: readonly DemoMember[];
  returnTo: string;
  formToken: () => string;
  problem?: string;
  username?: string;
}): string {
  const quick = input.members.map(
    (m) => html`<form method="post" action="/oauth2/login">${hidden({
      form_token: input.formToken(),
      return_to: input.returnTo,
      username: m.username,
      password: m.password,
    })}<button type="submit" class="secondary">Sign in as ${m.name}</button></form>`,
  );
  const rows = input.members.map(
    (m) => html`<tr><td>${m.name} <span class="muted">${m.territory}</span></td><td><code>${m.username}</code></td><td><code>${m.password}</code></td></tr>`,
  );
  return page(
    'Sign in',
    html`<div class="card"><h1>Sign in</h1>
${input.problem === undefined ? '' : html`<p class="error" role="alert">${input.problem}</p>`}
<form method="post" action="/oauth2/login">
${hidden({ form_token: input.formToken(), return_to: input.returnTo })}
<label for="username">Username</label>
<input type="text" id="username" name="username" value="${input.username ?? ''}" autocomplete="username" autocapitalize="none" required>
<label for="password">Password</label>
<input type="password" id="password" name="password" autocomplete="current-password" required>
<button type="submit">Sign in</button>
</form></div>
<div class="card"><h1>Demo members</h1>
<p class="muted">This is a sandbox: these accounts are made up, and their passwords are shown on purpose.</p>
<table><thead><tr><th>Member</th><th>Username</th><th>Password</th></tr></thead><tbody>${rows}</tbody></table>
${quick}</div>`,
  );
}

function signedInAs(member: DemoMember, returnTo: string, formToken: string): Html {
  return html`<p class="muted">Signed in as <strong>${member.name}</strong>.</p>
<form method="post" action="/oauth2/logout">${hidden({ form_token: formToken, return_to: returnTo })}
<button type="submit" class="secondary">Not you? Sign in as someone else</button></form>`;
}

export function deviceApprovalPage(input: {
  member: DemoMember;
  clientName: string;
  userCode: string;
  returnTo: string;
  formToken: () => string;
}): string {
  const decision = (value: 'approve' | 'deny', label: string, cls: string): Html =>
    html`<form method="post" action="/oauth2/device/decision">${hidden({
      form_token: input.formToken(),
      user_code: input.userCode,
      decision: value,
    })}<button type="submit" class="${cls}">${label}</button></form>`;
  return page(
    'Approve sign-in',
    html`<div class="card"><h1>${input.clientName} wants to sign in</h1>
<p>A device running <strong>${input.clientName}</strong> asks to use your account. Check that this code is the one on its screen:</p>
<div class="code" id="user-code">${input.userCode}</div>
${decision('approve', 'Approve', '')}${decision('deny', 'Deny', 'danger')}
</div><div class="card">${signedInAs(input.member, input.returnTo, input.formToken())}</div>`,
  );
}

export function consentPage(input: {
  member: DemoMember;
  clientName: string;
  params: { client_id: string; redirect_uri: string; state: string };
  returnTo: string;
  formToken: () => string;
}): string {
  const decision = (value: 'approve' | 'deny', label: string, cls: string): Html =>
    html`<form method="post" action="/oauth2/authorize/decision">${hidden({
      form_token: input.formToken(),
      ...input.params,
      decision: value,
    })}<button type="submit" class="${cls}">${label}</button></form>`;
  return page(
    'Authorize',
    html`<div class="card"><h1>Allow ${input.clientName}?</h1>
<p><strong>${input.clientName}</strong> asks to read your profile, your collections and your favorites.</p>
<p class="muted">You will be sent back to <code>${input.params.redirect_uri}</code>.</p>
${decision('approve', 'Allow', '')}${decision('deny', 'Deny', 'danger')}
</div><div class="card">${signedInAs(input.member, input.returnTo, input.formToken())}</div>`,
  );
}

export function indexPage(origin: string): string {
  return page(
    'Sandbox',
    html`<div class="card"><h1>Tunewall sandbox</h1>
<p>A stand-in for the music service, for development, tests and demos.</p>
<form method="get" action="/oauth2/device"><button type="submit">Enter a TV code</button></form>
<p class="muted">Token service: <code>${origin}/oauth2/token</code><br>Catalog: <code>${origin}/v1.1</code></p></div>`,
  );
}
