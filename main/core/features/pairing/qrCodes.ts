/**
 * The pairing QR code: drawn locally at once, and replaced by the service's QR generator image when one is configured
 * and answers (a failure leaves the local drawing, which is just as good). Also draws any QR the screen asks for.
 */
import type { AuthState, BridgeHandlers, QrMatrix } from '../../../../shared/bridge';
import { QrTextSchema } from '../../../../shared/bridgeArgs';
import type { FetchLike, Logger } from '../../ports';
import { qrMatrix, remoteQrDataUrl } from '../../qr';
import { badArgument, failure } from '../results';

export interface QrCodesDeps {
  fetch: FetchLike;
  /** `{qrcode_url}` of a real service; undefined draws every code locally. */
  generatorUrl: string | undefined;
  logger: Logger;
  /** The generator's image for the code on screen arrived. */
  changed: () => void;
}

export interface QrCodes {
  /** The sign-in flow's QR drawing: the matrix now, the generator's image later when configured. */
  draw(text: string): QrMatrix;
  /** The pairing state with the generator's image, once it has arrived. */
  /** `auth` with the generator's image of its QR code, once it has arrived (the app's and Add a member's pairing). */
  withImage<T extends AuthState>(auth: T): T;
  handlers: Pick<BridgeHandlers, 'qrCode'>;
}

export function createQrCodes(deps: QrCodesDeps): QrCodes {
  const contents = new WeakMap<QrMatrix, string>();
  const images = new Map<string, string>();
  const base = deps.generatorUrl;

  return {
    draw(text) {
      const matrix = qrMatrix(text);
      if (base === undefined) return matrix;
      contents.set(matrix, text);
      if (!images.has(text)) {
        remoteQrDataUrl({ fetch: deps.fetch, qrBase: base, content: text, imageSize: 600 }).then(
          (image) => {
            // Only the latest code is ever on screen.
            images.clear();
            images.set(text, image);
            deps.changed();
          },
          (error: unknown) =>
            deps.logger.warn('QR generator did not answer; the QR code is drawn locally', { error: String(error) }),
        );
      }
      return matrix;
    },
    withImage<T extends AuthState>(auth: T): T {
      if (auth.status !== 'pairing') return auth;
      const content = contents.get(auth.code.qr);
      const image = content === undefined ? undefined : images.get(content);
      return image === undefined ? auth : { ...auth, code: { ...auth.code, qrImage: image } };
    },
    handlers: {
      qrCode: async (text) => {
        const parsed = QrTextSchema.safeParse(text);
        if (!parsed.success) return badArgument('QR text');
        try {
          return { ok: true, value: qrMatrix(parsed.data) };
        } catch (error) {
          return failure(error);
        }
      },
    },
  };
}
