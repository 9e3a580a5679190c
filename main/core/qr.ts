/**
 * QR codes for the pairing screen. Local generation is the default: it needs no network and the renderer draws the
 * module matrix crisp at any size. The service's generator is an option for those who want its styled PNG.
 */
import { create } from 'qrcode';
import { z } from 'zod';
import type { QrMatrix } from '../../shared/bridge';
import { QrJsonSchema } from '../../shared/service/auth';
import { invalidResponseError } from './catalog/errors';
import { requestJson } from './catalog/http';
import type { HttpFetch } from './catalog/http';

/** The modules of `text` encoded with error correction M (a TV across the room scans it from a phone easily). */
export function qrMatrix(text: string): QrMatrix {
  const { modules } = create(text, { errorCorrectionLevel: 'M' });
  let bits = '';
  for (const bit of modules.data) bits += bit ? '1' : '0';
  return { size: modules.size, modules: bits };
}

export interface RemoteQrOptions {
  fetch: HttpFetch;
  /** `{qrcode_url}`: the generator is at `/generator` under it. */
  qrBase: string;
  content: string;
  imageSize: number;
  /** The centred logo square, pixels; 0 for none. */
  logoSize?: number;
  signal?: AbortSignal | undefined;
  timeoutMs?: number;
}

/** A `data:image/png;base64,...` URI of `content` from the service's generator; CatalogError on failure. */
export async function remoteQrDataUrl(options: RemoteQrOptions): Promise<string> {
  const url = new URL(`${options.qrBase.replace(/\/+$/, '')}/generator`);
  url.searchParams.set('content', options.content);
  url.searchParams.set('image_size', String(Math.round(options.imageSize)));
  url.searchParams.set('logo_size', String(Math.round(options.logoSize ?? 0)));
  url.searchParams.set('response_type', 'json');
  const json = await requestJson(options.fetch, url.toString(), { method: 'GET' }, options.signal, options.timeoutMs ?? 15_000);
  const parsed = QrJsonSchema.safeParse(json);
  if (!parsed.success) throw invalidResponseError(`QR generator: ${z.prettifyError(parsed.error)}`, parsed.error);
  return parsed.data.data;
}
