import { describe, expect, it } from 'vitest';
import { DEFAULT_CONFIG } from '../../../../main/core/config/config';
import { serviceEndpoints } from '../../../../main/core/config/service';

const SANDBOX = { urls: { auth: 'http://127.0.0.1:5000', api: 'http://127.0.0.1:5000/v1.1', qr: 'http://127.0.0.1:5000' }, client: { id: 'sb', secret: 'sbs' } };

describe('service endpoints', () => {
  it('uses the running sandbox when no service is configured, and nothing when none runs', () => {
    expect(serviceEndpoints(DEFAULT_CONFIG, SANDBOX)).toEqual({
      token: { authUrl: 'http://127.0.0.1:5000', clientId: 'sb', clientSecret: 'sbs', dialect: 'documented' },
      apiUrl: 'http://127.0.0.1:5000/v1.1',
      qrUrl: 'http://127.0.0.1:5000',
      sandbox: true,
    });
    expect(serviceEndpoints(DEFAULT_CONFIG, undefined)).toBeUndefined();
  });

  it('uses the configured service even when a sandbox runs', () => {
    const service = { useSandbox: false as const, clientId: 'id', clientSecret: 's', authUrl: 'https://a.example', apiUrl: 'https://b.example', qrUrl: undefined };
    expect(serviceEndpoints({ service, deviceFlowDialect: 'rfc8628' }, SANDBOX)).toMatchObject({
      token: { authUrl: 'https://a.example', clientId: 'id', dialect: 'rfc8628' },
      apiUrl: 'https://b.example',
      sandbox: false,
    });
  });
});
