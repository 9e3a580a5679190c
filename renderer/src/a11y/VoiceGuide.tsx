/**
 * Voice guidance, while it is on: builds the speech (the browser's voices, else the shell's) and the announcer, and
 * tells it what the screens already know: which screen is open, Pairing's code and countdown, and status changes.
 * Loaded only when guidance is on, so a page without it carries none of it.
 */
import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AppState, AuthState, Language, SpeechLang } from '../../../shared/bridge';
import { catalogText, splitRuns, UI_SPEECH_LANG, uiText } from '../../../shared/speechRuns';
import { secondsUntil } from '../components/useNow';
import { intents } from '../input/intents';
import { onFocusMoved } from '../input/navigation';
import { useApp, useNav, useTunewall } from '../store/context';
import { Announcer, type Phrase } from './announcer';
import { onAnnounce } from './announce';
import { focusedElement } from './focusedName';
import { COUNTDOWN_MOMENTS, codePhrases, countdownMoment, timeLeftPhrase } from './pairingSpeech';
import { createShellSpeech } from './shellSpeech';
import type { Speech } from './speech';
import { createSpeechRouter } from './speechRouter';
import { noVoiceText } from './voiceText';
import { voiceStore } from './voiceStore';
import { createWebSpeech } from './webSpeech';

const LANGUAGES: readonly Language[] = ['en', 'zh-Hant', 'ja'];
/** The languages Settings lists the voice of: the UI's, then the catalog's. Listed here: shared/bridgeArgs brings zod. */
const LISTED_VOICES: readonly SpeechLang[] = ['en-US', 'zh-TW', 'ja-JP', 'zh-HK', 'zh-SG', 'ko-KR'];

function useAnnouncer(): { announcer: Announcer | undefined; speech: Speech | undefined; language: Language } {
  const { i18n } = useTranslation();
  const { bridge, app } = useTunewall();
  const language = LANGUAGES.find((l) => l === i18n.language) ?? 'en';
  const current = useRef(language);
  useLayoutEffect(() => {
    current.current = language;
  });
  const [made, setMade] = useState<{ announcer: Announcer; speech: Speech } | undefined>(undefined);
  useEffect(() => {
    const web =
      typeof window.speechSynthesis === 'object' && typeof window.SpeechSynthesisUtterance === 'function'
        ? createWebSpeech(window.speechSynthesis, window.SpeechSynthesisUtterance)
        : undefined;
    const shell = createShellSpeech(bridge, () => app.getState().state?.voiceGuidance.shellVoices ?? []);
    const speech = createSpeechRouter(web, shell);
    const announcer = new Announcer({
      win: window,
      speech,
      uiText: () => uiText(current.current, app.getState().state?.territory),
      words: () => ({ selected: i18n.t('a11y.selected'), position: (index, count) => i18n.t('a11y.position', { index, count }) }),
      onFocusMoved,
    });
    announcer.start();
    setMade({ announcer, speech });
    const offStatus = onAnnounce((text, about) =>
      announcer.status(text, about === undefined ? undefined : catalogPhrase(about, app.getState().state)),
    );
    const offInfo = intents.on('info', () => announcer.repeat());
    return () => {
      offStatus();
      offInfo();
      announcer.dispose();
      voiceStore.setState({ missingVoice: undefined, voices: [] });
    };
  }, [bridge, app, i18n]);
  return { announcer: made?.announcer, speech: made?.speech, language };
}

/** Each screen's name as it opens (Pairing's instructions and code); sign-in and sign-out said with the next screen. */
function useScreens(announcer: Announcer | undefined, speech: Speech | undefined, language: Language): void {
  const { t } = useTranslation();
  const { app } = useTunewall();
  const auth = useApp((s) => s.state?.auth);
  const top = useNav((s) => s.stack[s.stack.length - 1]);
  const wasSignedIn = useRef<AuthState['status'] | undefined>(undefined);
  const saidNoVoice = useRef(false);
  const adding = useApp((s) => s.state?.household.adding);
  const pairing = adding?.pairing ?? auth;
  const code = pairing?.status === 'pairing' ? pairing.code : undefined;
  const signedIn = auth?.status === 'signed-in' && adding === undefined;
  const screenId = signedIn ? top?.id : adding !== undefined ? `adding:${code?.userCode ?? ''}` : code?.userCode ?? auth?.status;

  useEffect(() => {
    if (announcer === undefined || auth === undefined) return;
    // Adding a member signs nobody in or out: said by the auth state alone.
    const before = wasSignedIn.current;
    wasSignedIn.current = auth.status;
    const lead: Phrase[] = [];
    const paired = before !== undefined && before !== 'signed-in' && before !== 'choosing';
    if (paired && auth.status === 'signed-in') lead.push({ text: t('a11y.signedIn') });
    if (before === 'signed-in' && auth.status !== 'signed-in' && auth.status !== 'choosing') lead.push({ text: t('a11y.signedOut') });
    const phrases: Phrase[] = [];
    if (auth.status === 'choosing' && adding === undefined) {
      phrases.push({ text: t('household.title') });
    } else if (!signedIn) {
      if (auth.status === 'pairing' && auth.notice !== undefined) phrases.push({ text: t(`pairing.notice.${auth.notice.reason}`) });
      phrases.push({ text: adding !== undefined ? t('household.addTitle') : t('pairing.title') });
    } else {
      const screen = top?.screen ?? { name: 'home' as const };
      const names = { settings: t('settings.title'), chooser: t('household.title') };
      if (screen.name === 'home') phrases.push({ text: homeName(t, app.getState().state) });
      else if (screen.name === 'detail') phrases.push(catalogPhrase(screen.title, app.getState().state));
      else phrases.push({ text: names[screen.name] });
      if (screen.name === 'settings' && speech !== undefined && !speech.hasVoice(UI_SPEECH_LANG[language]) && !saidNoVoice.current) {
        saidNoVoice.current = true;
        phrases.push({ text: noVoiceText(t, language) });
      }
    }
    // Pairing's code and its time left are made again when the repeat key asks: the countdown as it stands.
    const withCode = (): Phrase[] =>
      code === undefined || signedIn || auth.status === 'choosing'
        ? phrases
        : [...phrases, ...codePhrases(t, code), { text: timeLeftPhrase(t, secondsUntil(code.expiresAt, Date.now()) ?? 0) }];
    // "Approved — signing in…" stays on Pairing's screen while Home loads behind it: its code card is not Home's focus.
    announcer.screen(withCode, lead, signedIn ? '.screen.pairing' : undefined);
    // Said when the screen changes, not when its data does.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [announcer, screenId, signedIn]);
}

/** Home's name with whose it is ("Home, 林語彤"); the guest's, or a Home with no member, is Home alone. */
function homeName(t: (key: string, params?: Record<string, string>) => string, state: AppState | undefined): string {
  const active = state?.household.active;
  const member = state?.household.members.find((m) => m.key === active);
  // A name not yet arrived is not made up ("Home, Member"): Home alone.
  if (member === undefined || member.name === '') return t('a11y.home');
  return t('a11y.homeOf', { name: member.name });
}

/** Catalog text (a detail's title) in its catalog's language. */
function catalogPhrase(text: string, state: AppState | undefined): Phrase {
  const territory = state?.territory;
  return territory === undefined ? { text } : { text, runs: splitRuns(text, catalogText(territory)) };
}

/** Pairing: the countdown at its moments, the outcome, and the code again on OK. */
function usePairing(announcer: Announcer | undefined): void {
  const { t } = useTranslation();
  // Add a member's pairing is said as the first sign-in's is.
  const auth = useApp((s) => s.state?.household.adding?.pairing ?? s.state?.auth);
  const code = auth?.status === 'pairing' ? auth.code : undefined;

  useEffect(() => {
    if (announcer === undefined || code === undefined) return undefined;
    const left = secondsUntil(code.expiresAt, Date.now()) ?? 0;
    // The moments already past when the code appeared are not said: its time left opened the screen.
    const said = new Set<number>(COUNTDOWN_MOMENTS.filter((moment) => moment >= left));
    const timer = window.setInterval(() => {
      const seconds = secondsUntil(code.expiresAt, Date.now()) ?? 0;
      const moment = countdownMoment(seconds, said);
      if (moment === undefined) return;
      COUNTDOWN_MOMENTS.filter((m) => m >= moment).forEach((m) => said.add(m));
      announcer.status(timeLeftPhrase(t, moment));
    }, 1000);
    const offSelect = intents.intercept((intent) => {
      if (intent !== 'select') return false;
      const focused = focusedElement(document);
      // OK on the code (or the card that holds it), or with nothing focused: the code again, slowly. A button keeps its own OK.
      const onCode = focused?.closest('[data-testid="user-code"]') != null || focused?.querySelector('[data-testid="user-code"]') != null;
      if (focused !== undefined && !onCode) return false;
      announcer.now(codePhrases(t, code));
      return true;
    });
    return () => {
      window.clearInterval(timer);
      offSelect();
    };
  }, [announcer, code, t]);

  const status = auth?.status;
  useEffect(() => {
    if (announcer === undefined || auth === undefined) return;
    if (auth.status === 'denied') announcer.status(t('pairing.denied'));
    if (auth.status === 'expired') announcer.status(`${t('pairing.expired')} ${t('pairing.pressOk')}`);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [announcer, status]);
}

/** Offline, back online and configuration problems: each said once, as it happens. */
function useStatuses(announcer: Announcer | undefined): void {
  const { t } = useTranslation();
  const online = useApp((s) => s.state?.network.online);
  const problems = useApp((s) => s.state?.configProblems.length ?? 0);
  const wasOnline = useRef<boolean | undefined>(undefined);
  useEffect(() => {
    if (announcer === undefined || online === undefined) return;
    const before = wasOnline.current;
    wasOnline.current = online;
    if (before === true && !online) announcer.status(t('a11y.offline'));
    if (before === false && online) announcer.status(t('a11y.online'));
    if (before === undefined && !online) announcer.status(t('a11y.offline'));
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [announcer, online]);
  useEffect(() => {
    if (announcer !== undefined && problems > 0) announcer.status(t('a11y.configProblems', { count: problems }));
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [announcer, problems]);
}

/** Settings says when the UI language has no voice here; the store tells it. */
function useMissingVoice(speech: Speech | undefined, language: Language): void {
  const shellVoices = useApp((s) => s.state?.voiceGuidance.shellVoices);
  useEffect(() => {
    if (speech === undefined) return undefined;
    const check = (): void =>
      voiceStore.setState({
        missingVoice: speech.hasVoice(UI_SPEECH_LANG[language]) ? undefined : language,
        voices: LISTED_VOICES.map((lang) => speech.describe?.(lang) ?? { lang, voice: undefined, readings: undefined, browser: false }),
      });
    check();
    // The browser's voices arrive a moment after the page starts.
    window.speechSynthesis?.addEventListener('voiceschanged', check);
    return () => window.speechSynthesis?.removeEventListener('voiceschanged', check);
  }, [speech, language, shellVoices]);
}

export default function VoiceGuide() {
  const { announcer, speech, language } = useAnnouncer();
  useScreens(announcer, speech, language);
  usePairing(announcer);
  useStatuses(announcer);
  useMissingVoice(speech, language);
  return null;
}
