import type { Hono } from 'hono';
import type { SandboxContext } from '../context';

/** Mounts every catalog and member endpoint under /v1.1 and the artwork under /artwork (stub). */
export function mountCatalog(_app: Hono, _ctx: SandboxContext): void {}
