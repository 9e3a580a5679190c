/**
 * Secrets as systemd credentials: with `LoadCredentialEncrypted=tunewall-client-secret:…` the client secret is a file
 * in $CREDENTIALS_DIRECTORY (decrypted by systemd, readable by this service only), never in the unit's environment,
 * where `systemctl show` and /proc/PID/environ would show it. A secret set explicitly still wins.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

export const CLIENT_SECRET_CREDENTIAL = 'tunewall-client-secret';

export function withCredentials(
  env: NodeJS.ProcessEnv,
  argv: readonly string[],
  readFile: (path: string) => string = (p) => readFileSync(p, 'utf8'),
): { env: NodeJS.ProcessEnv; problem: string | undefined } {
  const dir = env['CREDENTIALS_DIRECTORY'];
  const explicit = (env['TUNEWALL_CLIENT_SECRET'] ?? '') !== '' || argv.some((a) => a === '--client-secret' || a.startsWith('--client-secret='));
  if (dir === undefined || dir === '' || explicit) return { env, problem: undefined };
  const path = join(dir, CLIENT_SECRET_CREDENTIAL);
  let secret: string;
  try {
    secret = readFile(path).trim();
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    // No such credential: this box was not given one (the embedded sandbox, or a secret set another way).
    if (code === 'ENOENT') return { env, problem: undefined };
    return { env, problem: `the credential ${CLIENT_SECRET_CREDENTIAL} cannot be read (${code ?? 'error'}); going on without it` };
  }
  if (secret === '') return { env, problem: `the credential ${CLIENT_SECRET_CREDENTIAL} is empty; going on without it` };
  return { env: { ...env, TUNEWALL_CLIENT_SECRET: secret }, problem: undefined };
}
