/** Where artwork may come from, for the Content-Security-Policy's img-src. */
import type { AppState } from '../../shared/bridge';
import type { ShellCore } from './coreDeps';

/**
 * The core's own list when it gives one. Otherwise any https image (artwork hosts are named only in catalog
 * responses) plus the embedded sandbox, which serves its images over loopback http.
 */
export function sessionImageOrigins(core: Pick<ShellCore, 'imageOrigins'>, state: Pick<AppState, 'sandbox'>): string[] {
  if (core.imageOrigins !== undefined) return [...core.imageOrigins()];
  const origins = ['https:'];
  if (state.sandbox !== undefined) {
    try {
      origins.push(new URL(state.sandbox.approveUrl).origin);
    } catch (error) {
      if (!(error instanceof TypeError)) throw error;
    }
  }
  return origins;
}
