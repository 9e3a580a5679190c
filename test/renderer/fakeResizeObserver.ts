/**
 * A ResizeObserver for jsdom, which lays nothing out: it records what it watches, and a test delivers what the browser
 * would after a layout that changed a size.
 */
export class FakeResizeObserver {
  /** Every observer made and not disconnected, newest last. */
  static readonly live = new Set<FakeResizeObserver>();
  readonly targets = new Set<Element>();
  /** The observer made last and still live (the one a module made on first use). */
  static newest(): FakeResizeObserver {
    const observer = [...FakeResizeObserver.live].at(-1);
    if (observer === undefined) throw new Error('no ResizeObserver was made');
    return observer;
  }
  constructor(private readonly callback: ResizeObserverCallback) {
    FakeResizeObserver.live.add(this);
  }
  observe(target: Element): void {
    this.targets.add(target);
  }
  unobserve(target: Element): void {
    this.targets.delete(target);
  }
  disconnect(): void {
    this.targets.clear();
    FakeResizeObserver.live.delete(this);
  }
  /** A new size of `target` (its content box `width` wide when given), if this observer watches it. */
  deliver(target: Element, width?: number): void {
    if (!this.targets.has(target)) return;
    const entries = width === undefined ? [] : [{ target, contentRect: { width } } as unknown as ResizeObserverEntry];
    this.callback(entries, this as unknown as ResizeObserver);
  }
}
