// Runs a build for `npm start` and `npm run kiosk` without its progress lines: a start that works says one line about
// the build; warnings (Vite writes them on stderr) still show; a build that fails shows everything it printed.
import { spawnSync } from 'node:child_process';

/**
 * Runs `command` with `args` in `cwd`; `say` receives what a person should read (nothing of a build's progress when it
 * succeeds). Returns whether it succeeded.
 */
export function buildQuietly(command, args, cwd, say = (text) => process.stderr.write(text)) {
  const result = spawnSync(command, args, { cwd, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
  const stderr = result.stderr ?? '';
  if (result.status === 0) {
    if (stderr.trim() !== '') say(stderr.endsWith('\n') ? stderr : `${stderr}\n`);
    return true;
  }
  const all = `${result.stdout ?? ''}${stderr}${result.error ? `${result.error.message}\n` : ''}`;
  say(all.endsWith('\n') ? all : `${all}\n`);
  return false;
}
