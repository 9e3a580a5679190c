import { describe, expect, it } from 'vitest';
import { DEFAULT_CONFIG } from '../../../../main/core/config/config';
import { configFilePath, loadConfig, readConfigFile } from '../../../../main/core/config/load';

const CREDS = {
  TUNEWALL_CLIENT_ID: 'app',
  TUNEWALL_CLIENT_SECRET: 'secret',
  TUNEWALL_AUTH_URL: 'https://auth.example.com/',
  TUNEWALL_API_URL: 'https://api.example.com',
};

describe('loadConfig', () => {
  it('no credentials: the embedded sandbox and the defaults, no problems', () => {
    expect(loadConfig({ env: {}, argv: [] })).toEqual({ config: DEFAULT_CONFIG, problems: [] });
  });

  it('credentials and URLs from the environment select the real service', () => {
    const { config, problems } = loadConfig({ env: CREDS, argv: [] });
    expect(problems).toEqual([]);
    expect(config.service).toEqual({
      useSandbox: false,
      clientId: 'app',
      clientSecret: 'secret',
      authUrl: 'https://auth.example.com',
      apiUrl: 'https://api.example.com',
      qrUrl: undefined,
    });
  });

  it('text size and high contrast come from the environment, the file or a flag; a bad one says what it accepts', () => {
    expect(loadConfig({ env: { TUNEWALL_TEXT_SIZE: '150', TUNEWALL_HIGH_CONTRAST: 'on' }, argv: [] }).config).toMatchObject({ textSize: 150, highContrast: true });
    expect(loadConfig({ env: {}, argv: [], fileText: JSON.stringify({ textSize: 125, highContrast: true }) }).config).toMatchObject({ textSize: 125, highContrast: true });
    expect(loadConfig({ env: {}, argv: ['--text-size=125%', '--high-contrast=false'] }).config).toMatchObject({ textSize: 125, highContrast: false });
    const { config, problems } = loadConfig({ env: { TUNEWALL_TEXT_SIZE: '200', TUNEWALL_HIGH_CONTRAST: 'bright' }, argv: [] });
    expect(config).toMatchObject({ textSize: 100, highContrast: false });
    expect(problems).toEqual([
      expect.objectContaining({ key: 'TUNEWALL_TEXT_SIZE', messageKey: 'config.textSize', fix: 'Use 100, 125 or 150.' }),
      expect.objectContaining({ key: 'TUNEWALL_HIGH_CONTRAST', messageKey: 'config.notBoolean', fix: 'Use true or false.' }),
    ]);
  });

  it('flags win over the file, which wins over the environment', () => {
    const env = { TUNEWALL_TERRITORY: 'HK', TUNEWALL_LANGUAGE: 'ja', TUNEWALL_IDLE_SECONDS: '60' };
    const fileText = JSON.stringify({ territory: 'SG', language: 'en' });
    const { config, problems } = loadConfig({ env, argv: ['electron', '.', '--territory=JP'], fileText });
    expect(problems).toEqual([]);
    expect(config.territory).toBe('JP');
    expect(config.language).toBe('en');
    expect(config.kiosk.idleSeconds).toBe(60);
  });

  it('the language follows the system unless told otherwise; territory is one of the choices', () => {
    expect(loadConfig({ env: {}, argv: [] }).config.language).toBe('auto');
    expect(loadConfig({ env: { TUNEWALL_LANGUAGE: 'territory' }, argv: [] })).toMatchObject({ config: { language: 'territory' }, problems: [] });
  });

  it('reads switches, negated switches and space-separated values; ignores foreign flags', () => {
    const { config, problems } = loadConfig({
      env: { TUNEWALL_KIOSK: 'true' },
      argv: ['--no-sandbox', '--kiosk=false', '--no-fullscreen', '--guest-mode', '--storage-policy', 'allow-weak', '--device-flow-dialect=rfc8628'],
    });
    expect(problems).toEqual([]);
    expect(config.kiosk).toEqual({ enabled: false, fullscreen: false, idleSeconds: 300 });
    expect(config.guestMode).toBe(true);
    expect(config.storagePolicy).toBe('allow-weak');
    expect(config.deviceFlowDialect).toBe('rfc8628');
  });

  it('voice guidance: unset by default (the platform decides), a switch in every source, a bad value a problem', () => {
    expect(loadConfig({ env: {}, argv: [] }).config.voiceGuidance).toBeUndefined();
    expect(loadConfig({ env: { TUNEWALL_VOICE_GUIDANCE: 'on' }, argv: [] }).config.voiceGuidance).toBe(true);
    expect(loadConfig({ env: { TUNEWALL_VOICE_GUIDANCE: 'on' }, argv: ['--no-voice-guidance'] }).config.voiceGuidance).toBe(false);
    expect(loadConfig({ env: {}, argv: [], fileText: '{"voiceGuidance": true}' }).config.voiceGuidance).toBe(true);
    const bad = loadConfig({ env: { TUNEWALL_VOICE_GUIDANCE: 'loud' }, argv: [] });
    expect(bad.config.voiceGuidance).toBeUndefined();
    expect(bad.problems).toMatchObject([{ key: 'TUNEWALL_VOICE_GUIDANCE', messageKey: 'config.notBoolean', fixKey: 'configFix.voiceGuidance' }]);
  });

  it('skipping the chooser and the kiosk member: off and unset by default, from every source, bad values a problem', () => {
    const none = loadConfig({ env: {}, argv: [] }).config;
    expect([none.skipChooser, none.kiosk.member]).toEqual([false, undefined]);
    expect(loadConfig({ env: { TUNEWALL_SKIP_CHOOSER: 'yes' }, argv: [] }).config.skipChooser).toBe(true);
    expect(loadConfig({ env: { TUNEWALL_SKIP_CHOOSER: 'yes' }, argv: ['--no-skip-chooser'] }).config.skipChooser).toBe(false);
    expect(loadConfig({ env: {}, argv: [] }).config.resetPin).toBe(false);
    expect(loadConfig({ env: {}, argv: ['--reset-pin'] }).config.resetPin).toBe(true);
    expect(loadConfig({ env: { TUNEWALL_RESET_PIN: '1' }, argv: [] }).config.resetPin).toBe(true);
    const file = loadConfig({ env: {}, argv: [], fileText: '{"skipChooser": true, "kioskMember": "guest"}' });
    expect([file.config.skipChooser, file.config.kiosk.member, file.problems]).toEqual([true, 'guest', []]);
    expect(loadConfig({ env: {}, argv: ['--kiosk-member', '林語彤'] }).config.kiosk.member).toBe('林語彤');
    const bad = loadConfig({ env: { TUNEWALL_SKIP_CHOOSER: 'maybe', TUNEWALL_KIOSK_MEMBER: ' ' }, argv: [] });
    expect([bad.config.skipChooser, bad.config.kiosk.member]).toEqual([false, undefined]);
    expect(bad.problems).toMatchObject([
      { key: 'TUNEWALL_SKIP_CHOOSER', messageKey: 'config.notBoolean', fixKey: 'configFix.skipChooser' },
      { key: 'TUNEWALL_KIOSK_MEMBER', messageKey: 'config.empty', fixKey: 'configFix.kioskMember' },
    ]);
  });

  it('the phone companion: unset by default on 0.0.0.0:47615; off, on or pin-required, an IP address and a port from every source', () => {
    const none = loadConfig({ env: {}, argv: [] }).config;
    expect([none.companion, none.companionHost, none.companionPort]).toEqual([undefined, '0.0.0.0', 47615]);
    const env = loadConfig({ env: { TUNEWALL_COMPANION: 'PIN-required', TUNEWALL_COMPANION_HOST: '192.168.1.20', TUNEWALL_COMPANION_PORT: '8443' }, argv: [] });
    expect([env.config.companion, env.config.companionHost, env.config.companionPort, env.problems]).toEqual(['pin-required', '192.168.1.20', 8443, []]);
    const file = loadConfig({ env: {}, argv: [], fileText: '{"companion": "on", "companionHost": "fe80::1c2b:3aff:fe4d:5e6f", "companionPort": 50000}' });
    expect([file.config.companion, file.config.companionHost, file.config.companionPort, file.problems]).toEqual(['on', 'fe80::1c2b:3aff:fe4d:5e6f', 50000, []]);
    expect(loadConfig({ env: { TUNEWALL_COMPANION: 'on' }, argv: ['--companion=off', '--companion-port', '9000'] }).config).toMatchObject({ companion: 'off', companionPort: 9000 });
  });

  it('a bad companion setting says what it accepts: a name is not an address, a port is unprivileged', () => {
    const bad = loadConfig({ env: { TUNEWALL_COMPANION: 'sometimes', TUNEWALL_COMPANION_HOST: 'tv.local', TUNEWALL_COMPANION_PORT: '80' }, argv: [] });
    expect([bad.config.companion, bad.config.companionHost, bad.config.companionPort]).toEqual([undefined, '0.0.0.0', 47615]);
    expect(bad.problems).toMatchObject([
      { key: 'TUNEWALL_COMPANION', messageKey: 'config.notAccepted', fixKey: 'configFix.companion' },
      { key: 'TUNEWALL_COMPANION_HOST', messageKey: 'config.ipAddress', message: 'is not an IP address of this TV (a name is not accepted); using the default.', fixKey: 'configFix.companionHost' },
      { key: 'TUNEWALL_COMPANION_PORT', messageKey: 'config.port', fixKey: 'configFix.companionPort' },
    ]);
    expect(loadConfig({ env: { TUNEWALL_COMPANION_PORT: '70000' }, argv: [] }).problems).toMatchObject([{ messageKey: 'config.port' }]);
    expect(loadConfig({ env: {}, argv: ['--companion-port=12x'] }).problems).toMatchObject([{ messageKey: 'config.port' }]);
  });

  it('an unknown territory is a problem; the next valid source is used', () => {
    const { config, problems } = loadConfig({ env: { TUNEWALL_TERRITORY: 'hk' }, argv: ['--territory=US'] });
    expect(config.territory).toBe('HK');
    expect(problems).toEqual([
      expect.objectContaining({ key: '--territory', message: expect.stringContaining('not one of'), fix: expect.stringContaining('TW, HK, SG, MY, JP') }),
    ]);
  });

  it('a malformed URL is a problem and the sandbox is used', () => {
    const { config, problems } = loadConfig({ env: { ...CREDS, TUNEWALL_API_URL: 'api example' }, argv: [] });
    expect(config.service).toEqual({ useSandbox: true });
    expect(problems.map((p) => p.key)).toEqual(['TUNEWALL_API_URL', 'TUNEWALL_API_URL']);
    expect(problems[0]?.message).toContain('not a URL');
  });

  it('http:// is refused for a remote host but allowed on loopback (the sandbox)', () => {
    const remote = loadConfig({ env: { ...CREDS, TUNEWALL_AUTH_URL: 'http://auth.example.com' }, argv: [] });
    expect(remote.config.service.useSandbox).toBe(true);
    expect(remote.problems[0]).toMatchObject({ key: 'TUNEWALL_AUTH_URL', message: expect.stringContaining('TLS') });
    for (const host of ['127.0.0.1:8080', 'localhost:3000', '[::1]:9000']) {
      const local = loadConfig({ env: { ...CREDS, TUNEWALL_AUTH_URL: `http://${host}` }, argv: [] });
      expect(local.problems).toEqual([]);
      expect(local.config.service).toMatchObject({ useSandbox: false, authUrl: `http://${host}` });
    }
  });

  it('a client id without a secret (and the reverse) is a problem and the sandbox is used', () => {
    const idOnly = loadConfig({ env: { TUNEWALL_CLIENT_ID: 'app' }, argv: [] });
    expect(idOnly.config.service).toEqual({ useSandbox: true });
    expect(idOnly.problems).toEqual([
      expect.objectContaining({ key: 'TUNEWALL_CLIENT_ID', message: expect.stringContaining('without a client secret'), fix: expect.any(String) }),
    ]);
    const secretOnly = loadConfig({ env: {}, argv: ['--client-secret=s'] });
    expect(secretOnly.problems[0]).toMatchObject({ key: '--client-secret', message: expect.stringContaining('without a client id') });
  });

  it('credentials without service URLs say which one is missing', () => {
    const { config, problems } = loadConfig({ env: { TUNEWALL_CLIENT_ID: 'a', TUNEWALL_CLIENT_SECRET: 'b' }, argv: [] });
    expect(config.service.useSandbox).toBe(true);
    expect(problems.map((p) => p.key)).toEqual(['TUNEWALL_AUTH_URL', 'TUNEWALL_API_URL']);
  });

  it('service URLs without credentials are reported, not silently ignored', () => {
    const { config, problems } = loadConfig({ env: { TUNEWALL_AUTH_URL: 'https://auth.example.com' }, argv: [] });
    expect(config.service).toEqual({ useSandbox: true });
    expect(problems).toHaveLength(1);
  });

  it('invalid JSON, a non-object file and an unreadable file are problems; the file is ignored', () => {
    const broken = loadConfig({ env: { TUNEWALL_TERRITORY: 'MY' }, argv: [], fileText: '{"territory": "JP",', filePath: '/cfg/config.json' });
    expect(broken.config.territory).toBe('MY');
    expect(broken.problems).toEqual([
      expect.objectContaining({ key: '/cfg/config.json', message: expect.stringContaining('not valid JSON'), fix: expect.any(String) }),
    ]);
    expect(loadConfig({ env: {}, argv: [], fileText: '["JP"]' }).problems[0]?.message).toContain('JSON object');
    expect(loadConfig({ env: {}, argv: [], fileReadError: 'EACCES' }).problems[0]?.message).toContain('EACCES');
  });

  it('wrong types and unknown keys in the file are problems', () => {
    const { config, problems } = loadConfig({
      env: {},
      argv: [],
      fileText: JSON.stringify({ guestMode: 'maybe', idleSeconds: -3, storagePolicy: 'plaintext', territroy: 'JP', kiosk: true }),
    });
    expect(config.guestMode).toBe(false);
    expect(config.kiosk).toEqual({ enabled: true, fullscreen: true, idleSeconds: 300 });
    expect(config.storagePolicy).toBe('os-keyring');
    expect(problems.map((p) => p.key).sort()).toEqual(['guestMode (config.json)', 'idleSeconds (config.json)', 'storagePolicy (config.json)', 'territroy (config.json)']);
  });

  it('says what is wrong without repeating the key, each message and fix with a catalog key and its parameters', () => {
    const { problems } = loadConfig({
      env: { TUNEWALL_API_URL: 'notaurl', TUNEWALL_TERRITORY: 'XX', TUNEWALL_CLIENT_ID: 'a', TUNEWALL_CLIENT_SECRET: 'b' },
      argv: ['--qr-url=ftp://qr.example.com'],
      fileText: JSON.stringify({ territroy: 'JP' }),
      filePath: '/etc/tunewall.json',
    });
    expect(problems.length).toBeGreaterThanOrEqual(4);
    for (const p of problems) {
      expect(p.message).not.toContain(p.key);
      expect(p.message.startsWith(p.key.split(' ')[0] ?? p.key)).toBe(false);
      expect(p.messageKey).toMatch(/^config\.\w+$/);
      expect(p.fixKey).toMatch(/^configFix\.\w+$/);
    }
    expect(problems).toContainEqual(
      expect.objectContaining({ key: 'TUNEWALL_API_URL', message: 'is not a URL; using the default.', messageKey: 'config.notUrl', params: expect.objectContaining({ context: 'default' }) }),
    );
    expect(problems).toContainEqual(
      expect.objectContaining({ key: '--qr-url', message: 'uses ftp:, not https://; using the default.', messageKey: 'config.badScheme', params: expect.objectContaining({ scheme: 'ftp:' }) }),
    );
    expect(problems).toContainEqual(
      expect.objectContaining({ key: 'TUNEWALL_TERRITORY', fixKey: 'configFix.territory', params: expect.objectContaining({ territories: 'TW, HK, SG, MY, JP' }) }),
    );
    expect(problems).toContainEqual(expect.objectContaining({ key: 'territroy (/etc/tunewall.json)', message: 'is not a Tunewall setting; it is ignored.' }));
  });

  it('an invalid idle time says what is allowed: 0 turns it off, at most 86400', () => {
    for (const input of [{ env: { TUNEWALL_IDLE_SECONDS: 'abc' }, argv: [] }, { env: {}, argv: ['--idle-seconds=-5'] }, { env: { TUNEWALL_IDLE_SECONDS: '90000' }, argv: [] }]) {
      const { config, problems } = loadConfig(input);
      expect(config.kiosk.idleSeconds).toBe(300);
      expect(problems).toEqual([
        expect.objectContaining({ message: 'is not a whole number of seconds from 0 (off) to 86400; using the default.', messageKey: 'config.idleSeconds' }),
      ]);
    }
  });

  it('checks unknown keys as own properties: constructor, toString and __proto__ are not settings', () => {
    const fileText = '{"constructor": 1, "toString": "x", "hasOwnProperty": true, "__proto__": {"territory": "JP"}, "territory": "HK"}';
    const { config, problems } = loadConfig({ env: {}, argv: [], fileText });
    expect(config.territory).toBe('HK');
    expect(problems.map((p) => p.key).sort()).toEqual([
      '__proto__ (config.json)',
      'constructor (config.json)',
      'hasOwnProperty (config.json)',
      'toString (config.json)',
    ]);
    expect(problems[0]?.message).toContain('is not a Tunewall setting');
  });

  it('reads a file that starts with a UTF-8 byte order mark', () => {
    const { config, problems } = loadConfig({ env: {}, argv: [], fileText: '\uFEFF{"territory": "JP"}' });
    expect(problems).toEqual([]);
    expect(config.territory).toBe('JP');
  });

  it('loopback is 127.0.0.0/8, ::1 and localhost only: *.localhost and look-alikes need TLS', () => {
    for (const host of ['127.0.0.1:8080', '127.5.6.7', 'localhost:3000', 'LOCALHOST', '[::1]:9000', '[0:0:0:0:0:0:0:1]']) {
      const local = loadConfig({ env: { ...CREDS, TUNEWALL_AUTH_URL: `http://${host}` }, argv: [] });
      expect(local.problems, host).toEqual([]);
    }
    for (const host of ['anything.localhost', 'localhost.example.com', '127.0.0.1.nip.io', '128.0.0.1', '[::2]', '[::ffff:7f00:1]', '0.0.0.0']) {
      const remote = loadConfig({ env: { ...CREDS, TUNEWALL_AUTH_URL: `http://${host}` }, argv: [] });
      expect(remote.config.service.useSandbox, host).toBe(true);
      expect(remote.problems[0], host).toMatchObject({ key: 'TUNEWALL_AUTH_URL', message: expect.stringContaining('TLS') });
    }
  });

  it('refuses a URL that carries a user name or password, and says where credentials belong', () => {
    for (const url of ['https://user:pass@auth.example.com', 'https://user@auth.example.com', 'http://:pw@127.0.0.1:8080']) {
      const { config, problems } = loadConfig({ env: { ...CREDS, TUNEWALL_AUTH_URL: url }, argv: [] });
      expect(config.service.useSandbox, url).toBe(true);
      expect(problems[0], url).toMatchObject({ key: 'TUNEWALL_AUTH_URL', message: expect.stringContaining('user name or password') });
      expect(JSON.stringify(problems), url).not.toContain('pass@');
    }
  });

  it('caps the problems of a huge file at 20, then says how many more', () => {
    const file = Object.fromEntries(Array.from({ length: 5_000 }, (_, i) => [`unknown${i}`, i]));
    const { problems } = loadConfig({ env: {}, argv: [], fileText: JSON.stringify(file) });
    expect(problems).toHaveLength(21);
    expect(problems[19]?.key).toBe('unknown19 (config.json)');
    expect(problems[20]).toMatchObject({ message: expect.stringContaining('4980 more'), messageKey: 'config.moreProblems', params: expect.objectContaining({ count: 4980 }) });
  });

  it('shortens a very long unknown key in its problem', () => {
    const { problems } = loadConfig({ env: {}, argv: [], fileText: JSON.stringify({ ['x'.repeat(10_000)]: 1 }) });
    expect(problems).toHaveLength(1);
    expect(problems[0]?.key.length).toBeLessThan(300);
  });

  it('never throws, whatever it is given', () => {
    expect(() => loadConfig({ env: { TUNEWALL_IDLE_SECONDS: '1e999', TUNEWALL_LANGUAGE: '' }, argv: ['--', '--territory', '--api-url='], fileText: 'null' })).not.toThrow();
  });
});

describe('config file location', () => {
  it('--config wins, then TUNEWALL_CONFIG, then userData/config.json', () => {
    expect(configFilePath({ env: { TUNEWALL_CONFIG: '/e.json' }, argv: ['--config=/f.json'], userDataDir: '/u' })).toBe('/f.json');
    expect(configFilePath({ env: { TUNEWALL_CONFIG: '/e.json' }, argv: [], userDataDir: '/u' })).toBe('/e.json');
    expect(configFilePath({ env: {}, argv: [], userDataDir: '/u' })).toBe('/u/config.json');
  });

  it('a missing file is no problem; an unreadable one is reported', () => {
    const enoent = Object.assign(new Error('missing'), { code: 'ENOENT' });
    expect(readConfigFile('/none.json', () => { throw enoent; })).toEqual({ filePath: '/none.json' });
    expect(readConfigFile('/x.json', () => { throw new Error('EACCES'); })).toEqual({ filePath: '/x.json', fileReadError: 'EACCES' });
    expect(readConfigFile('/ok.json', () => '{}')).toEqual({ filePath: '/ok.json', fileText: '{}' });
  });
});
