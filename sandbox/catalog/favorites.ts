/** Favorites added with POST /me/favorite, newest first, per member. */
export class FavoriteLog {
  private readonly added = new Map<string, string[]>();
  /** Hears each favorite added (a state file's journal). */
  onAdd: (memberId: string, trackId: string) => void = () => undefined;

  add(memberId: string, trackId: string): boolean {
    const list = this.added.get(memberId) ?? [];
    if (list.includes(trackId)) return false;
    this.added.set(memberId, [trackId, ...list]);
    this.onAdd(memberId, trackId);
    return true;
  }

  ids(memberId: string): readonly string[] {
    return this.added.get(memberId) ?? [];
  }

  /** Every member's added favorites, newest first: what a restart must find again. */
  snapshot(): Record<string, string[]> {
    return Object.fromEntries([...this.added].map(([member, ids]) => [member, [...ids]]));
  }

  restore(saved: Readonly<Record<string, readonly string[]>>): void {
    this.added.clear();
    for (const [member, ids] of Object.entries(saved)) this.added.set(member, [...ids]);
  }
}
