/** The token service's four calls (device code, device poll, refresh, client credentials) over the HTTP helpers. */
import {
  DEVICE_GRANT_DOCUMENTED,
  DEVICE_GRANT_RFC8628,
  DeviceCodeSchema,
  TokenResponseSchema,
  type DeviceCode,
  type DeviceFlowDialect,
  type TokenResponse,
} from '../../../shared/service/auth';
import { parseTokenServiceResponse, postForm } from '../net/http';
import type { Clock, FetchLike } from '../ports';

export interface TokenServiceConfig {
  /** {auth_url}: the token service's origin (and path prefix, if any). */
  authUrl: string;
  clientId: string;
  clientSecret: string;
  dialect: DeviceFlowDialect;
}

export interface TokenClientOptions {
  fetch: FetchLike;
  clock: Pick<Clock, 'now'>;
  service: TokenServiceConfig;
  /** Time limit of each request but a refresh. */
  timeoutMs?: number;
  /** Time limit of a refresh; long, see REFRESH_TIMEOUT_MS. */
  refreshTimeoutMs?: number;
}

/**
 * A refresh, once sent, is waited for far longer than any other request: the service rotates the refresh token when
 * it carries the request out, so giving up on a slow answer and asking again with the same token would spend it twice.
 * The limit is only there for a connection that died without a word.
 */
export const REFRESH_TIMEOUT_MS = 120_000;

export class TokenClient {
  constructor(private readonly options: TokenClientOptions) {}

  /** POST /oauth2/device/code: `client_id` in the form and HTTP Basic, as the contract documents both. */
  async requestDeviceCode(signal?: AbortSignal): Promise<DeviceCode> {
    const response = await this.post('/oauth2/device/code', { client_id: this.options.service.clientId }, signal);
    return parseTokenServiceResponse(response, DeviceCodeSchema, this.options.clock.now());
  }

  /** One poll of the token endpoint with the device grant of the configured dialect. */
  pollDeviceToken(deviceCode: string, signal?: AbortSignal): Promise<TokenResponse> {
    const fields: Record<string, string> =
      this.options.service.dialect === 'rfc8628'
        ? { grant_type: DEVICE_GRANT_RFC8628, device_code: deviceCode }
        : { grant_type: DEVICE_GRANT_DOCUMENTED, code: deviceCode };
    return this.token(fields, signal);
  }

  refresh(refreshToken: string, signal?: AbortSignal): Promise<TokenResponse> {
    const timeoutMs = this.options.refreshTimeoutMs ?? REFRESH_TIMEOUT_MS;
    return this.token({ grant_type: 'refresh_token', refresh_token: refreshToken }, signal, timeoutMs);
  }

  clientCredentials(signal?: AbortSignal): Promise<TokenResponse> {
    return this.token({ grant_type: 'client_credentials' }, signal);
  }

  private async token(
    fields: Record<string, string>,
    signal: AbortSignal | undefined,
    timeoutMs = this.options.timeoutMs,
  ): Promise<TokenResponse> {
    const response = await this.post('/oauth2/token', { ...fields, client_id: this.options.service.clientId }, signal, timeoutMs);
    return parseTokenServiceResponse(response, TokenResponseSchema, this.options.clock.now());
  }

  private post(path: string, fields: Record<string, string>, signal: AbortSignal | undefined, timeoutMs = this.options.timeoutMs) {
    const { service, fetch } = this.options;
    return postForm(fetch, joinUrl(service.authUrl, path), fields, {
      client: { clientId: service.clientId, clientSecret: service.clientSecret },
      signal,
      ...(timeoutMs === undefined ? {} : { timeoutMs }),
    });
  }
}

/** `base` (with or without a trailing slash or path prefix) + an absolute path. */
export function joinUrl(base: string, path: string): string {
  return `${base.replace(/\/+$/, '')}${path}`;
}
