/**
 * QR module matrices, built on a worker thread: choosing a symbol's mask scores eight candidates over every module,
 * a few milliseconds each, and twenty codes asked for at once would hold the event loop for all of them together.
 *
 * One worker serves every sandbox in the process, started on first use and never keeping the process alive. It is
 * evaluated from source and loads `qrcode` by its resolved path, so it runs the same from TypeScript sources (tests,
 * the CLI) and from the shells' bundles, with no worker file to ship. Should it fail to start, the matrices are built on
 * the loop instead, and that is said once.
 */
import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';
import QRCode from 'qrcode';

/** Row-major, one byte per module (1 = dark), `size` × `size`. */
export interface QrMatrix {
  size: number;
  data: Uint8Array;
}

export type MatrixResult = { ok: true; matrix: QrMatrix } | { ok: false; reason: string };

const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const QRCode = require(workerData.qrcode);
parentPort.on('message', ({ id, content }) => {
  try {
    const modules = QRCode.create(content, { errorCorrectionLevel: 'H' }).modules;
    const data = Uint8Array.from(modules.data);
    parentPort.postMessage({ id, size: modules.size, data }, [data.buffer]);
  } catch (error) {
    parentPort.postMessage({ id, reason: error instanceof Error ? error.message : String(error) });
  }
});
`;

interface Reply {
  id: number;
  size?: number;
  data?: Uint8Array;
  reason?: string;
}

function matrixHere(content: string): MatrixResult {
  try {
    const modules = QRCode.create(content, { errorCorrectionLevel: 'H' }).modules;
    return { ok: true, matrix: { size: modules.size, data: Uint8Array.from(modules.data) } };
  } catch (error) {
    return { ok: false, reason: error instanceof Error ? error.message : String(error) };
  }
}

export class MatrixWorker {
  private worker: Worker | undefined;
  private broken = false;
  private nextId = 0;
  private readonly pending = new Map<number, { content: string; resolve: (result: MatrixResult) => void }>();

  constructor(
    private readonly onBroken: (reason: string) => void,
    /** The worker's code; tests give one that fails. */
    private readonly source = WORKER_SOURCE,
  ) {}

  build(content: string): Promise<MatrixResult> {
    const worker = this.started();
    if (worker === undefined) return Promise.resolve(matrixHere(content));
    const id = (this.nextId += 1);
    return new Promise((resolve) => {
      this.pending.set(id, { content, resolve });
      // Only while answers are awaited does the worker keep the process alive.
      if (this.pending.size === 1) worker.ref();
      worker.postMessage({ id, content });
    });
  }

  private started(): Worker | undefined {
    if (this.broken) return undefined;
    if (this.worker) return this.worker;
    try {
      const worker = new Worker(this.source, { eval: true, workerData: { qrcode: createRequire(import.meta.url).resolve('qrcode') } });
      worker.unref();
      worker.on('message', (reply: Reply) => this.settle(reply));
      worker.on('error', (error) => this.fail(error.message));
      worker.on('exit', (code) => this.fail(`the worker exited (${code})`));
      this.worker = worker;
      return worker;
    } catch (error) {
      this.fail(error instanceof Error ? error.message : String(error));
      return undefined;
    }
  }

  private settle(reply: Reply): void {
    const waiting = this.pending.get(reply.id);
    if (waiting === undefined) return;
    this.pending.delete(reply.id);
    if (this.pending.size === 0) this.worker?.unref();
    waiting.resolve(
      reply.data !== undefined && reply.size !== undefined
        ? { ok: true, matrix: { size: reply.size, data: reply.data } }
        : { ok: false, reason: reply.reason ?? 'The content cannot be encoded.' },
    );
  }

  /** From now on matrices are built on the loop; those already asked for are built there too. */
  private fail(reason: string): void {
    if (this.broken) return;
    this.broken = true;
    this.worker = undefined;
    this.onBroken(reason);
    // Each waiting request gets its matrix, built here: the QR generator keeps working.
    for (const { content, resolve } of this.pending.values()) resolve(matrixHere(content));
    this.pending.clear();
  }
}

let shared: MatrixWorker | undefined;

/**
 * The module matrix of `content` at error correction H, or why it cannot be one (the content does not fit a symbol).
 * `onBroken` hears, once per process, that the worker could not run and matrices are built on the loop.
 */
export function qrMatrix(content: string, onBroken: (reason: string) => void): Promise<MatrixResult> {
  shared ??= new MatrixWorker(onBroken);
  return shared.build(content);
}
