/** Types of quietBuild.mjs, for the tests that import it. */
export function buildQuietly(command: string, args: string[], cwd: string, say?: (text: string) => void): boolean;
