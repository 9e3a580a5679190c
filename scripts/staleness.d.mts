// Types of staleness.mjs, for the tests that import it.
export function newestMtime(entry: string): number;
export function isStale(root: string, outputs: readonly string[], sources: readonly string[]): boolean;
export const MAIN_OUTPUTS: readonly string[];
export const RENDERER_OUTPUTS: readonly string[];
export const RENDERER_SOURCES: readonly string[];
export function rendererIsStale(root: string): boolean;
