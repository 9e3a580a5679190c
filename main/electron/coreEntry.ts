/**
 * Where the shell finds the core's factory. The core's `createAppCore` (main/core/app.ts) plugs in here, by
 * replacing the line below with:
 *   export { createAppCore } from '../core/app';
 * Until then the shell starts, and shows a page saying the core is missing instead of crashing.
 */
import type { CreateAppCore } from './coreDeps';

export const createAppCore: CreateAppCore | undefined = undefined;
