/**
 * Turns the sandbox's pictures (artwork, QR codes), written as small SVG documents, into JPEG and PNG bytes with
 * libvips (sharp). Rasterising and encoding run on libvips' worker threads (sharp hands each picture over from libuv's
 * pool), never on the event loop: the loop only writes the SVG text (a few kilobytes) and hands it over, so the catalog,
 * the token service and, in the embedded sandbox, the app itself keep answering while pictures are drawn.
 *
 * At most `parallel` pictures are drawn at once; the rest wait their turn as promises holding only their SVG text, so
 * memory stays bounded however many requests are in flight, and libuv's pool keeps threads free for file system work.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { availableParallelism, getPriority, setPriority } from 'node:os';
import sharp from 'sharp';

// Every picture is drawn once and then kept by the caller's cache: libvips' own operation cache would only hold memory.
sharp.cache(false);
// One libvips thread per picture; pictures are drawn side by side instead.
sharp.concurrency(1);

/** Leaves a core to the event loop (and, embedded, to the app and its browser); libuv's pool has four threads. */
export function defaultParallelism(): number {
  return Math.max(1, Math.min(3, availableParallelism() - 1));
}

/** How much lower than the event loop the drawing threads run (10 steps of nice: about a tenth of the CPU when both want it). */
const DRAWING_NICENESS = 10;
const LOWEST = 19;
const looked = new Set<string>();

/**
 * Linux: libvips' worker threads (named "libvips worker") draw at a lower priority, so when the CPU is short the event
 * loop, and in the embedded sandbox the app and its browser, go first; pictures take what is left. Threads are looked
 * up in /proc once each; elsewhere, or where it is not allowed, drawing runs at normal priority.
 */
function lowerDrawingPriority(): void {
  if (process.platform !== 'linux') return;
  let threads: string[];
  try {
    threads = readdirSync('/proc/self/task');
  } catch (error) {
    void error; // no /proc: nothing to adjust, pictures are drawn at normal priority
    return;
  }
  for (const tid of threads) {
    if (looked.has(tid)) continue;
    looked.add(tid);
    try {
      if (readFileSync(`/proc/self/task/${tid}/comm`, 'utf8').trim() !== 'libvips worker') continue;
      setPriority(Number(tid), Math.min(LOWEST, getPriority(Number(tid)) + DRAWING_NICENESS));
    } catch (error) {
      void error; // the thread ended meanwhile, or lowering a priority is not allowed here: it draws at normal priority
    }
  }
}

export class ImageRenderer {
  private drawn = 0;
  private running = 0;
  private readonly waiting: (() => void)[] = [];

  constructor(private readonly parallel = defaultParallelism()) {}

  /**
   * The SVG as a JPEG; with `size` larger than the SVG's own, scaled up to it by nearest neighbour and softened.
   * Rasterising an SVG costs about three times what encoding the JPEG does per pixel, and scaling up by whole pixels
   * little, so a large picture drawn at a fraction of its size costs little more than its encoding.
   */
  jpeg(svg: string, quality: number, size?: { width: number; height: number }): Promise<Buffer> {
    // The SVGs paint an opaque background, so dropping the alpha channel loses nothing. One pass, as libjpeg does by
    // default: optimal Huffman tables would save a fifth of the bytes on loopback and cost a third more time.
    const options = { quality, optimiseCoding: false };
    return this.inTurn(async () => {
      if (size === undefined) return sharp(Buffer.from(svg)).removeAlpha().jpeg(options).toBuffer();
      // In two steps: given a size, sharp would draw the SVG itself at that size, which is what is being avoided.
      const drawn = await sharp(Buffer.from(svg)).removeAlpha().raw().toBuffer({ resolveWithObject: true });
      const { width, height, channels } = drawn.info;
      if (width === size.width && height === size.height) return sharp(drawn.data, { raw: { width, height, channels } }).jpeg(options).toBuffer();
      // A blur as wide as the blocks smooths the steps nearest neighbour leaves on slanted edges, for a fifth of what
      // a smooth scale-up costs in libvips.
      const sigma = (0.4 * size.width) / width;
      return sharp(drawn.data, { raw: { width, height, channels } })
        .resize(size.width, size.height, { kernel: 'nearest' })
        .blur(Math.max(0.3, sigma))
        .jpeg(options)
        .toBuffer();
    });
  }

  /**
   * An RGB bitmap scaled up to `size` × `size` by nearest neighbour (each source pixel a crisp block), with an
   * optional SVG of the same size laid over it, as PNG.
   */
  scaledPng(bitmap: { data: Buffer; side: number }, size: number, overlaySvg: string | undefined): Promise<Buffer> {
    return this.inTurn(() => {
      const scaled = sharp(bitmap.data, { raw: { width: bitmap.side, height: bitmap.side, channels: 3 } }).resize(size, size, { kernel: 'nearest' });
      const image = overlaySvg === undefined ? scaled : scaled.composite([{ input: Buffer.from(overlaySvg), top: 0, left: 0 }]);
      // Two colours in large blocks compress well at a fast level; a higher one costs far more time than it saves.
      return image.removeAlpha().png({ compressionLevel: 3 }).toBuffer();
    });
  }

  /** Pictures waiting for a turn; for tests and the bench. */
  get queued(): number {
    return this.waiting.length;
  }

  private async inTurn<T>(draw: () => Promise<T>): Promise<T> {
    // A finishing picture hands its turn straight to the next one, so no newcomer slips in between.
    if (this.running >= this.parallel) await new Promise<void>((resolve) => this.waiting.push(resolve));
    else this.running += 1;
    try {
      return await draw();
    } finally {
      // libvips starts its threads with the first pictures; later ones are rare, so a look now and then finds them.
      if (this.drawn++ % 64 === 0) lowerDrawingPriority();
      const next = this.waiting.shift();
      if (next) next();
      else this.running -= 1;
    }
  }
}
