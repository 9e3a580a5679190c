import type { DetailRef, TunewallBridge } from '../../../shared/bridge';
import { DetailModel } from '../screens/detail/detailModel';
import type { Reconnects } from './reconnects';

/**
 * The data of each detail screen in the navigation stack, by stack entry: a screen covered by another keeps its
 * data, so Back shows it as it was left; a screen taken off the stack lets go of it.
 */
export class ScreenModels {
  private readonly models = new Map<number, DetailModel>();

  constructor(
    private readonly bridge: TunewallBridge,
    private readonly reconnects?: Reconnects,
  ) {}

  get(entryId: number, ref: DetailRef): DetailModel {
    const existing = this.models.get(entryId);
    if (existing !== undefined && existing.ref.kind === ref.kind && existing.ref.id === ref.id) return existing;
    existing?.dispose();
    const model = new DetailModel(this.bridge, ref);
    // Covered screens too: Back then shows what loaded meanwhile, not the fault.
    if (this.reconnects !== undefined) model.followReconnects(this.reconnects);
    this.models.set(entryId, model);
    return model;
  }

  /** Forgets every screen that is no longer in the stack. */
  keepOnly(entryIds: readonly number[]): void {
    const keep = new Set(entryIds);
    for (const [id, model] of this.models) {
      if (keep.has(id)) continue;
      model.dispose();
      this.models.delete(id);
    }
  }
}
