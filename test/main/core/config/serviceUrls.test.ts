import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../../../main/core/config/load';
import { serviceBase } from '../../../../main/core/config/serviceUrls';

describe('service addresses pasted with an endpoint at the end', () => {
  it.each([
    ['authUrl', 'https://account.example.com/oauth2/token', 'https://account.example.com'],
    ['authUrl', 'https://account.example.com/oauth2/token/', 'https://account.example.com'],
    ['authUrl', 'https://account.example.com/OAuth2/Token', 'https://account.example.com'],
    ['authUrl', 'https://account.example.com/oauth2/device/code', 'https://account.example.com'],
    ['authUrl', 'https://account.example.com/oauth2/authorize', 'https://account.example.com'],
    ['authUrl', 'https://example.com/auth/oauth2/token', 'https://example.com/auth'],
    ['authUrl', 'https://account.example.com', 'https://account.example.com'],
    ['apiUrl', 'https://api.example.com/v1.1', 'https://api.example.com'],
    ['apiUrl', 'https://api.example.com/v1.1/', 'https://api.example.com'],
    ['apiUrl', 'https://api.example.com/v1.10', 'https://api.example.com/v1.10'],
    ['qrUrl', 'https://qr.example.com/generator', 'https://qr.example.com'],
  ] as const)('%s %s is read as %s', (setting, pasted, base) => {
    expect(serviceBase(setting, pasted)).toBe(base);
  });

  it('are accepted by the configuration without a problem', () => {
    const { config, problems } = loadConfig({
      env: {
        TUNEWALL_CLIENT_ID: 'app',
        TUNEWALL_CLIENT_SECRET: 'secret',
        TUNEWALL_AUTH_URL: 'http://127.0.0.1:8787/oauth2/token',
        TUNEWALL_API_URL: 'http://127.0.0.1:8787/v1.1',
        TUNEWALL_QR_URL: 'http://127.0.0.1:8787/generator/',
      },
      argv: [],
    });
    expect(problems).toEqual([]);
    expect(config.service).toMatchObject({
      useSandbox: false,
      authUrl: 'http://127.0.0.1:8787',
      apiUrl: 'http://127.0.0.1:8787',
      qrUrl: 'http://127.0.0.1:8787',
    });
  });
});
