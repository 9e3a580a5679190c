/** Where the core sends its requests: the configured service, or the embedded sandbox when none is configured. */
import type { DeviceFlowDialect } from '../../../shared/service/auth';
import type { TokenServiceConfig } from '../auth/tokenClient';
import type { TunewallConfig } from './config';

export interface ServiceEndpoints {
  token: TokenServiceConfig;
  /** {base_url}; the catalog client accepts it with or without `/v1.1`. */
  apiUrl: string;
  qrUrl: string | undefined;
  sandbox: boolean;
}

/** The parts of a running sandbox (sandbox/index.ts RunningSandbox) the core needs. */
export interface SandboxEndpoints {
  urls: { auth: string; api: string; qr: string };
  client: { id: string; secret: string };
}

/**
 * The endpoints for `config`: the real service when configured, else the running sandbox's. Undefined when the config
 * asks for the sandbox and none is running (the shell starts it first).
 */
export function serviceEndpoints(
  config: Pick<TunewallConfig, 'service' | 'deviceFlowDialect'>,
  sandbox: SandboxEndpoints | undefined,
): ServiceEndpoints | undefined {
  const dialect: DeviceFlowDialect = config.deviceFlowDialect;
  const { service } = config;
  if (!service.useSandbox) {
    return {
      token: { authUrl: service.authUrl, clientId: service.clientId, clientSecret: service.clientSecret, dialect },
      apiUrl: service.apiUrl,
      qrUrl: service.qrUrl,
      sandbox: false,
    };
  }
  if (sandbox === undefined) return undefined;
  return {
    token: { authUrl: sandbox.urls.auth, clientId: sandbox.client.id, clientSecret: sandbox.client.secret, dialect },
    apiUrl: sandbox.urls.api,
    qrUrl: sandbox.urls.qr,
    sandbox: true,
  };
}
