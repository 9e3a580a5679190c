/**
 * The `export NAME=value` lines the sandbox CLI prints for Tunewall's settings (sandbox/cli.ts `settingsLines`), read
 * back as a shell would set them (single quotes undone): by the test that pastes them, and by the bench's sandbox
 * processes.
 */
export function pastedEnv(text: string): Record<string, string> {
  const env: Record<string, string> = {};
  for (const match of text.matchAll(/^\s*export (TUNEWALL_[A-Z_]+)=('(?:[^']|'\\'')*'|\S+)$/gm)) {
    const [, name, raw] = match;
    if (name === undefined || raw === undefined) continue;
    env[name] = raw.startsWith("'") ? raw.slice(1, -1).replace(/'\\''/g, "'") : raw;
  }
  return env;
}
