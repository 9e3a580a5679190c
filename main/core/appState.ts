/** The AppState the screen reads: every feature's view, put together afresh on each call (never kept). */
import type { AppState } from '../../shared/bridge';
import type { AppCoreDeps } from './appCore';
import type { AuthSession } from './auth/session';
import type { Configuration } from './config/startup';
import type { CompanionFeature } from './features/companion/companionFeature';
import { featureErrors } from './features/errors';
import type { Household } from './features/household/household';
import type { NetworkStatus } from './features/network/networkStatus';
import type { QrCodes } from './features/pairing/qrCodes';
import type { Settings } from './features/settings/settings';
import type { Speech } from './features/speech/speech';
import type { MemberVault } from './vault/memberVault';

export interface AppStateParts {
  deps: Pick<AppCoreDeps, 'systemLocale' | 'version'>;
  configuration: Configuration;
  session: Pick<AuthSession, 'state'> | undefined;
  qr: Pick<QrCodes, 'withImage'>;
  vault: Pick<MemberVault, 'status'>;
  household: Pick<Household, 'problems' | 'view' | 'kioskHome'>;
  network: Pick<NetworkStatus, 'view'>;
  settings: Pick<Settings, 'territory' | 'language' | 'display'>;
  speech: Pick<Speech, 'view'>;
  companion: Pick<CompanionFeature, 'view'>;
}

export function createAppState(parts: AppStateParts): () => AppState {
  const { deps, session, qr, vault, household, network, settings, speech, companion } = parts;
  const { config, problems, sandbox } = parts.configuration;

  function householdView(): AppState['household'] {
    const view = household.view();
    return view.adding === undefined ? view : { ...view, adding: { ...view.adding, pairing: qr.withImage(view.adding.pairing) } };
  }

  return () => ({
    auth: session ? qr.withImage(session.state) : { status: 'error', error: featureErrors.noService() },
    configProblems: [...problems, ...household.problems()],
    network: network.view(),
    storage: vault.status,
    territory: settings.territory(),
    language: settings.language(),
    display: settings.display(),
    systemLocale: deps.systemLocale,
    guestModeAvailable: config.guestMode,
    sandbox: sandbox ? { approveUrl: `${sandbox.urls.auth}/d` } : undefined,
    kiosk: { enabled: config.kiosk.enabled, idleSeconds: config.kiosk.idleSeconds, home: household.kioskHome() },
    household: householdView(),
    voiceGuidance: speech.view(),
    companion: companion.view(),
    version: deps.version,
  });
}
