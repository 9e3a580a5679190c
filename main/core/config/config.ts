/**
 * Tunewall's configuration: what it is (`TunewallConfig`) and where each setting can come from. Values arrive as
 * strings (environment, flags) or JSON (the config file); each is checked by its own schema in load.ts.
 */
import type { LanguageSetting, TextSize } from '../../../shared/bridge';
import type { DeviceFlowDialect } from '../../../shared/service/auth';
import type { Territory } from '../../../shared/territory';
import type { StoragePolicy } from '../vault/tokenVault';

/** The service Tunewall talks to: the real one when credentials are configured, else the embedded sandbox. */
export type ServiceConfig =
  | { useSandbox: true }
  | {
      useSandbox: false;
      clientId: string;
      clientSecret: string;
      /** {auth_url}: token service origin. */
      authUrl: string;
      /** {base_url}: catalog API origin, WITHOUT the `/v1.1` version segment. */
      apiUrl: string;
      /** {qrcode_url}: the optional QR generator; Tunewall draws QR codes itself when absent. */
      qrUrl: string | undefined;
    };

export interface KioskConfig {
  /** Kiosk mode: no way out of the app from the keyboard, idle return to home. */
  enabled: boolean;
  fullscreen: boolean;
  /** Idle seconds before a kiosk returns to its home screen; 0 turns it off. */
  idleSeconds: number;
  /**
   * Who a kiosk shows instead of the chooser: 'guest' or a member's name (as the service spells it); undefined: the
   * guest when guest mode is on, else the last chosen member.
   */
  member: string | undefined;
}

export interface TunewallConfig {
  service: ServiceConfig;
  territory: Territory;
  deviceFlowDialect: DeviceFlowDialect;
  /** Offer browsing the public catalog without a member (client-credentials token). */
  guestMode: boolean;
  storagePolicy: StoragePolicy;
  kiosk: KioskConfig;
  language: LanguageSetting;
  /** Text size in percent (100, 125, 150) and the high-contrast theme, until the viewer changes them in Settings. */
  textSize: TextSize;
  highContrast: boolean;
  /** The kiosk shell's AES key file; default: the systemd credential tunewall-vault-key. */
  vaultKeyFile: string | undefined;
  /** Speak the screen, the focused item and status changes; undefined: on where the platform says a screen reader runs. */
  voiceGuidance: boolean | undefined;
  /** With several members, start on the last chosen one instead of the chooser (until changed in Settings). */
  skipChooser: boolean;
  /** Forget the household's PIN at this start (a forgotten or damaged PIN); an adult then sets a new one in Settings. */
  resetPin: boolean;
  /** The phone companion: see features/companion/policy.ts for what each value, and none, means. */
  companion: CompanionSetting | undefined;
  /** The address the companion listens on: one of the TV's, or 0.0.0.0 (every IPv4 network, the default). */
  companionHost: string;
  /** Its port: fixed, so a paired phone finds the TV at the same address after a restart. */
  companionPort: number;
}

export const COMPANION_SETTINGS = ['off', 'on', 'pin-required'] as const;
export type CompanionSetting = (typeof COMPANION_SETTINGS)[number];

export const DEFAULT_CONFIG: TunewallConfig = {
  service: { useSandbox: true },
  territory: 'TW',
  deviceFlowDialect: 'documented',
  guestMode: false,
  storagePolicy: 'os-keyring',
  kiosk: { enabled: false, fullscreen: true, idleSeconds: 300, member: undefined },
  language: 'auto',
  textSize: 100,
  highContrast: false,
  vaultKeyFile: undefined,
  voiceGuidance: undefined,
  skipChooser: false,
  resetPin: false,
  companion: undefined,
  companionHost: '0.0.0.0',
  companionPort: 47615,
};

/** Every setting, and how it is spelled in each source. */
export const SETTINGS = {
  clientId: { env: 'TUNEWALL_CLIENT_ID', flag: '--client-id' },
  clientSecret: { env: 'TUNEWALL_CLIENT_SECRET', flag: '--client-secret' },
  authUrl: { env: 'TUNEWALL_AUTH_URL', flag: '--auth-url' },
  apiUrl: { env: 'TUNEWALL_API_URL', flag: '--api-url' },
  qrUrl: { env: 'TUNEWALL_QR_URL', flag: '--qr-url' },
  territory: { env: 'TUNEWALL_TERRITORY', flag: '--territory' },
  deviceFlowDialect: { env: 'TUNEWALL_DEVICE_FLOW_DIALECT', flag: '--device-flow-dialect' },
  guestMode: { env: 'TUNEWALL_GUEST_MODE', flag: '--guest-mode' },
  storagePolicy: { env: 'TUNEWALL_STORAGE_POLICY', flag: '--storage-policy' },
  kiosk: { env: 'TUNEWALL_KIOSK', flag: '--kiosk' },
  fullscreen: { env: 'TUNEWALL_FULLSCREEN', flag: '--fullscreen' },
  idleSeconds: { env: 'TUNEWALL_IDLE_SECONDS', flag: '--idle-seconds' },
  language: { env: 'TUNEWALL_LANGUAGE', flag: '--language' },
  textSize: { env: 'TUNEWALL_TEXT_SIZE', flag: '--text-size' },
  highContrast: { env: 'TUNEWALL_HIGH_CONTRAST', flag: '--high-contrast' },
  vaultKeyFile: { env: 'TUNEWALL_VAULT_KEY_FILE', flag: '--vault-key-file' },
  voiceGuidance: { env: 'TUNEWALL_VOICE_GUIDANCE', flag: '--voice-guidance' },
  skipChooser: { env: 'TUNEWALL_SKIP_CHOOSER', flag: '--skip-chooser' },
  kioskMember: { env: 'TUNEWALL_KIOSK_MEMBER', flag: '--kiosk-member' },
  resetPin: { env: 'TUNEWALL_RESET_PIN', flag: '--reset-pin' },
  companion: { env: 'TUNEWALL_COMPANION', flag: '--companion' },
  companionHost: { env: 'TUNEWALL_COMPANION_HOST', flag: '--companion-host' },
  companionPort: { env: 'TUNEWALL_COMPANION_PORT', flag: '--companion-port' },
} as const;

export type SettingKey = keyof typeof SETTINGS;
