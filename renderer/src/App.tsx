// The theme's custom properties and the page's own rules come first: every component's styles follow, and win ties.
import './styles/theme.css';
import './App.css';
import { getCurrentFocusKey, setFocus } from '@noriginmedia/norigin-spatial-navigation';
import { Suspense, useEffect, useMemo, useRef, useState, type ComponentType, type ReactNode } from 'react';
import { I18nextProvider, useTranslation } from 'react-i18next';
import type { BootView, PairingAuthState, TunewallBridge } from '../../shared/bridge';
import { ScreenReport } from './companion/screenReport';
import { showOnTv } from './companion/showOnTv';
import { ConfigNotice, OfflineBanner, ShellNotice, useOfflinePlacement } from './components/GlobalBanners';
import { ErrorBoundary } from './components/ErrorBoundary';
import { FocusButton } from './components/FocusButton';
import { revealFocused } from './components/Tile';
import { createI18n, resolveLanguage } from './i18n';
import { errorText } from './i18n/errorText';
import { UiLanguage } from './i18n/uiLanguage';
import { prepareFormats } from './i18n/formats';
import { intents, attachKeyboard, type IntentHub } from './input/intents';
import { focusIsLost, startNavigation } from './input/navigation';
import { scheduleIdle } from './input/idle';
import { useBackPops } from './input/useBackPops';
import { useKioskIdle } from './input/useKioskIdle';
import { createAppStore } from './store/appStore';
import { TunewallProvider, useApp, useNav, useTunewall, type Tunewall } from './store/context';
import { createNavStore, type Screen } from './store/navStore';
import { Reconnects } from './store/reconnects';
import { ScreenModels } from './store/screenModels';
import { StationArtLoader } from './components/stationArt';
import { FirstRender, FirstRenderClock } from './components/useNow';
import { Home } from './screens/Home';
import { loadPlannedRows, rowIdsFor, topRowSettled } from './screens/home/rowPlan';
import { Pairing } from './screens/Pairing';
import { ADD_MEMBER_KEY, AddMember } from './screens/household/AddMember';
import { CHOOSER_KEY, Chooser } from './screens/household/Chooser';
import { Detail, Settings, preloadScreens } from './screens/lazyScreens';

type PairingAuth = PairingAuthState;

/**
 * "Approved — signing in…" stays until Home's top row can be shown (the first row that is not hidden for being
 * empty), at least APPROVED_MIN_MS so it reads as a confirmation rather than a flicker, and at most APPROVED_MAX_MS
 * when the row is slow. A fixed 1.5 s hold kept Home from painting for that long after every approval, with its rows
 * not even asked for until it ended. Rows further down are not waited for.
 *
 * The minimum is shorter than the member's profile and the top row take to arrive one after the other (two round
 * trips), so on a real network it adds nothing: at 300 ms it was the longest part of approval → Home (bench: the
 * main thread idle for 150 ms with the rows in hand).
 */
export const APPROVED_MIN_MS = 150;
const APPROVED_MAX_MS = 1500;

function Screens() {
  const { t } = useTranslation();
  const { app, nav } = useTunewall();
  const state = useApp((s) => s.state);
  const rows = useApp((s) => s.rows);
  const startError = useApp((s) => s.startError);
  const top = useNav((s) => s.stack[s.stack.length - 1]);
  const [approvedFrom, setApprovedFrom] = useState<PairingAuth | undefined>(undefined);
  const [approvedLongEnough, setApprovedLongEnough] = useState<PairingAuth | undefined>(undefined);
  const lastPairing = useRef<PairingAuth | undefined>(undefined);
  const auth = state?.auth;
  const adding = state?.household.adding;

  useEffect(() => {
    if (auth === undefined) return;
    if (auth.status !== 'signed-in') {
      lastPairing.current = auth.status === 'choosing' ? undefined : auth;
      // Whoever signs in next starts Home at its first tile, not where the last member left it (the settings gear
      // that led to signing out).
      nav.getState().reset(true);
      return;
    }
    const before = lastPairing.current;
    lastPairing.current = undefined;
    if (before?.status === 'pairing' && auth.mode === 'member') setApprovedFrom(before);
  }, [auth, nav]);

  // Its own effect: the core pushes several signed-in states in a row (the profile arrives after the tokens), and a
  // timer owned by the auth effect would be cancelled by the next one, leaving "Approved" on screen for good.
  useEffect(() => {
    if (approvedFrom === undefined) return;
    const min = window.setTimeout(() => setApprovedLongEnough(approvedFrom), APPROVED_MIN_MS);
    const max = window.setTimeout(() => setApprovedFrom(undefined), APPROVED_MAX_MS);
    return () => {
      window.clearTimeout(min);
      window.clearTimeout(max);
    };
  }, [approvedFrom]);

  // Home's first rows load behind "Approved" at once: the core asks the service for those whose requests name no member
  // alongside the member's profile, and for the member's own once the profile names them. Again as they answer, since
  // one that comes back empty is hidden and the next one takes its place, and when the profile's arrival resets them.
  useEffect(() => {
    if (approvedFrom === undefined) return;
    loadPlannedRows(app, rowIdsFor(true), undefined);
  }, [approvedFrom, app, rows]);
  const showApproved =
    approvedFrom !== undefined && !(approvedLongEnough === approvedFrom && topRowSettled(rowIdsFor(true), rows));

  // Focus must always be somewhere: before each move, put it back on the screen if its element went away.
  useEffect(() => {
    intents.setBeforeNavigate(() => {
      if (!focusIsLost()) return;
      const root =
        adding !== undefined
          ? ADD_MEMBER_KEY
          : auth?.status === 'choosing' || (auth?.status === 'signed-in' && top?.screen.name === 'chooser')
            ? CHOOSER_KEY
            : auth?.status !== 'signed-in'
              ? 'pairing'
              : (top?.screen.name ?? 'home');
      void setFocus(root);
    });
    return () => intents.setBeforeNavigate(undefined);
  }, [auth, top, adding]);

  if (state === undefined || auth === undefined) {
    return (
      <Splash text={startError !== undefined ? errorText(t, startError) : t('app.loading')}>
        {startError !== undefined && (
          <FocusButton focusKey="splash-retry" onSelect={() => void app.getState().start()}>
            {t('common.retry')}
          </FocusButton>
        )}
      </Splash>
    );
  }
  if (showApproved) return <Pairing auth={approvedFrom} approved />;
  if (adding !== undefined) return <AddMember adding={adding} />;
  if (auth.status === 'choosing') return <Chooser root />;
  if (auth.status !== 'signed-in') return <Pairing auth={auth} />;
  // Keyed by who is on screen: nothing a Home holds for one member (its rows' layout, an open panel) outlives a switch.
  if (top === undefined || top.screen.name === 'home') return <Home key={state.household.active ?? ''} />;
  if (top.screen.name === 'chooser') return <Chooser root={false} />;
  // Settings and the detail pages come in chunks of their own (see lazyScreens): the splash until one has arrived.
  return (
    <Suspense fallback={<ScreenLoading />}>
      {top.screen.name === 'settings' ? (
        <Settings />
      ) : (
        <Detail key={top.id} entryId={top.id} detailRef={top.screen.ref} title={top.screen.title} focusTrackId={top.screen.focusTrackId} panelTrackId={top.screen.panelTrackId} />
      )}
    </Suspense>
  );
}

/**
 * A screen whose chunk is still on its way (a slow disk, a preload not yet done). Back leads back from here too: the
 * screen's own Back is not there until it has arrived, and a press is never lost.
 */
function ScreenLoading() {
  const { t } = useTranslation();
  useBackPops();
  return <Splash text={t('common.loading')} />;
}

function Splash({ text, children }: { text: string; children?: ReactNode }) {
  return (
    <main className="screen splash" role="status">
      <span className="brand-mark big" aria-hidden="true">♪</span>
      <p>{text}</p>
      {children}
    </main>
  );
}

/**
 * The screen, and below it the notices that stay a while: offline (on the screens with no room for it at the top), the
 * kiosk shell gone, and on Pairing and Home the configuration problems. Each takes its own space in the layout, so it
 * never covers content or focus (Settings lists every configuration problem in its own flow).
 */
function Frame() {
  const screen = useNav((s) => s.stack[s.stack.length - 1]?.screen.name);
  const auth = useApp((s) => s.state?.auth.status);
  const notice = auth !== undefined && (auth !== 'signed-in' || screen === 'home');
  const offline = useOfflinePlacement();
  return (
    <div className="frame">
      <Screens />
      {offline === 'strip' && <OfflineBanner placement="strip" />}
      <ShellNotice />
      {notice && <ConfigNotice more={auth === 'signed-in' ? 'settings' : 'count'} />}
    </div>
  );
}

function Chrome() {
  const { t } = useTranslation();
  const idle = useKioskIdle();
  const offline = useApp((s) => s.state?.network.online === false);
  const placement = useOfflinePlacement();
  // The hint sits in the header's empty middle, where the offline banner goes too: the banner matters more.
  return (
    <>
      {placement === 'header' && <OfflineBanner placement="header" />}
      {idle && !offline && <div className="idle-hint" role="status">{t('global.idle')}</div>}
    </>
  );
}

/**
 * Voice guidance's code loads only once it is on (a page without it carries none), from an effect: the first screen
 * the kiosk shell draws into the page has none of it.
 */
function VoiceGuidance() {
  const enabled = useApp((s) => s.state?.voiceGuidance.enabled ?? false);
  const [Guide, setGuide] = useState<ComponentType | undefined>(undefined);
  useEffect(() => {
    if (!enabled) return undefined;
    let live = true;
    import('./a11y/VoiceGuide').then(
      (module) => live && setGuide(() => module.default),
      (error: unknown) => console.warn('voice guidance did not load', error),
    );
    return () => {
      live = false;
    };
  }, [enabled]);
  return enabled && Guide !== undefined ? <Guide /> : null;
}

/** The interface's language, set on the i18n instance and the document, and given to the tree below (uiLanguage.ts). */
function LanguageSync({ children }: { children: ReactNode }) {
  const { i18n } = useTranslation();
  const setting = useApp((s) => s.state?.language ?? 'auto');
  const territory = useApp((s) => s.state?.territory);
  const systemLocale = useApp((s) => s.state?.systemLocale ?? navigator.language);
  const language = resolveLanguage(setting, territory, systemLocale);
  useEffect(() => {
    if (i18n.language !== language) void i18n.changeLanguage(language);
    document.documentElement.lang = language;
  }, [i18n, language]);
  return <UiLanguage.Provider value={i18n.language}>{children}</UiLanguage.Provider>;
}

/** Text size and contrast, as custom properties of the root element (styles/theme.css), from the main side's setting. */
function DisplaySync() {
  const textSize = useApp((s) => s.state?.display.textSize ?? 100);
  const highContrast = useApp((s) => s.state?.display.highContrast ?? false);
  useEffect(() => {
    const root = document.documentElement;
    root.dataset['textSize'] = String(textSize);
    if (highContrast) root.dataset['contrast'] = 'high';
    else delete root.dataset['contrast'];
    // The text grew under the focus (the choice just made in Settings): it may have been pushed off the screen.
    const focused = document.querySelector<HTMLElement>('.is-focused');
    if (focused !== null) revealFocused(focused, 'nearest');
  }, [textSize, highContrast]);
  return null;
}

export interface AppProps {
  bridge: TunewallBridge;
  /** What "Leave" does; the shells close the window by default. */
  quit?: () => void;
  hub?: IntentHub;
  /** Screens stacked on Home at start. */
  initialScreens?: Screen[];
  /** The state and cached rows the page came with (kiosk shell): the first render shows them. */
  boot?: BootView;
}

export function App({ bridge, quit, hub = intents, initialScreens, boot }: AppProps) {
  const value = useMemo<Tunewall>(() => {
    // Before any child registers a focusable or asks for focus: Norigin ignores setFocus until it is started.
    startNavigation(hub);
    const nav = createNavStore(initialScreens);
    const app = createAppStore(bridge, boot);
    const reconnects = new Reconnects(app);
    const models = new ScreenModels(bridge, reconnects);
    // A screen taken off the stack lets go of its data.
    nav.subscribe((s) => models.keepOnly(s.stack.map((entry) => entry.id)));
    // Someone else on screen: their Home, at its first tile, with nothing of the last one's screens stacked on it. In
    // the same update as the state that says so (the app store cleared the rows then), before anything renders.
    app.subscribe((s, before) => {
      if (s.state !== undefined && before.state !== undefined && s.state.household.active !== before.state.household.active) {
        nav.getState().reset(true);
      } else if (s.state?.household.adding !== undefined && before.state?.household.adding === undefined) {
        // Add a member covers the screen: Back on it returns focus where the person started it from.
        nav.getState().remember(getCurrentFocusKey());
      }
    });
    // Rows that failed while the service was away load again, on Home or under the screen on top of it.
    reconnects.on(() => app.getState().retryFailedRows());
    return {
      bridge,
      app,
      nav,
      models,
      stationArt: new StationArtLoader(bridge),
      reconnects,
      quit: quit ?? (() => window.close()),
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the initial screens and the boot view only matter once
  }, [bridge, quit, hub]);
  // In the boot view's language from the first render, so Home is not painted in English and then again.
  const i18n = useMemo(
    () => createI18n(boot === undefined ? undefined : resolveLanguage(boot.state.language, boot.state.territory, boot.state.systemLocale)),
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the boot view only matters once
    [],
  );
  // The shell's drawing time, for the render that takes its markup over; the real time from then on.
  const [firstRender] = useState(() => new FirstRenderClock(boot?.renderedAt));

  useEffect(() => {
    firstRender.settled();
    const detach = attachKeyboard(window, hub);
    const stopReconnects = value.reconnects.start();
    // Pointer-only controls (a Back arrow) appear once a mouse or finger is used, and hide again on a key press.
    const pointer = (): void => document.body.classList.add('pointer-mode');
    // Only when it changes: writing the body's class on every press is work inside the press for nothing.
    const keys = (): void => {
      if (document.body.classList.contains('pointer-mode')) document.body.classList.remove('pointer-mode');
    };
    window.addEventListener('pointermove', pointer);
    window.addEventListener('pointerdown', pointer);
    window.addEventListener('keydown', keys);
    const unsubscribe = bridge.subscribe((event) => {
      if (event.type === 'intent') hub.dispatch(event.intent);
      else if (event.type === 'showOnTv') showOnTv(value.nav, value.app.getState().state, event.target, event.title);
      else value.app.getState().handleEvent(event);
    });
    void value.app.getState().start();
    // Once the first screen is up: the screens a press may open next (their chunks are not part of the start), and
    // Home's clock formatter, whose making starts ICU when the first screen was Pairing.
    scheduleIdle(() => {
      preloadScreens();
      prepareFormats(i18n.language);
    }, 2000);
    return () => {
      unsubscribe();
      stopReconnects();
      detach();
      window.removeEventListener('pointermove', pointer);
      window.removeEventListener('pointerdown', pointer);
      window.removeEventListener('keydown', keys);
    };
  }, [bridge, hub, value, i18n, firstRender]);

  return (
    <I18nextProvider i18n={i18n}>
      <ErrorBoundary>
        <TunewallProvider value={value}>
          <FirstRender.Provider value={firstRender}>
            <LanguageSync>
              <DisplaySync />
              <Frame />
              <Chrome />
              <VoiceGuidance />
              <ScreenReport />
            </LanguageSync>
          </FirstRender.Provider>
        </TunewallProvider>
      </ErrorBoundary>
    </I18nextProvider>
  );
}
