/** Dev entry: the renderer on the scripted fake bridge, e.g. dev/index.html?fake=home&screen=detail&lang=ja (&problems: configuration problems; &kiosk; screen=chooser: "Who's listening?" over Home). */
import { doesFocusableExist, setFocus } from '@noriginmedia/norigin-spatial-navigation';
import { createRoot } from 'react-dom/client';
import type { DetailKind, LanguageSetting } from '../../shared/bridge';
import { isTerritory } from '../../shared/territory';
import { App } from '../src/App';
import type { Screen } from '../src/store/navStore';
import { shellConnection } from '../src/transport/connection';
import { FAKE_SCENARIOS, createFakeBridge, type FakeScenario } from './fakeBridge';
import { rowTiles } from './fakeData';

const params = new URLSearchParams(window.location.search);
const asked = params.get('fake');
const scenario: FakeScenario = FAKE_SCENARIOS.find((s) => s === asked) ?? 'home';
const territoryParam = params.get('territory');
const territory = territoryParam !== null && isTerritory(territoryParam) ? territoryParam : 'TW';
const langParam = params.get('lang');
const language: LanguageSetting =
  langParam === 'en' || langParam === 'ja' || langParam === 'zh-Hant' || langParam === 'territory' ? langParam : 'auto';

const fake = createFakeBridge({
  scenario,
  territory,
  language,
  kiosk: params.has('kiosk'),
  idleSeconds: params.has('idle') ? Number(params.get('idle')) : undefined,
  configProblems: params.has('problems'),
  keyFile: params.has('key-file'),
  latencyMs: Number(params.get('latency') ?? 120),
  voiceGuidance: params.has('voice'),
  // &members=6: a full household (the chooser's widest row).
  members: params.has('members') ? Number(params.get('members')) : undefined,
  // `no-voice`: the shell has an English voice only, so Settings says the UI language has none.
  shellLanguages: params.has('no-voice') ? ['en'] : undefined,
  // `hide-explicit`: the one on screen hides explicit tracks; lists say how many were left out.
  explicit: params.has('hide-explicit') ? 'hide' : undefined,
  // &phones=2: phones paired for the one on screen (Settings' list, Send to my phone).
  phones: params.has('phones') ? Number(params.get('phones')) : undefined,
});

const screens: Screen[] = [];
const screen = params.get('screen');
const id = params.get('id');
if (screen === 'settings') screens.push({ name: 'settings' });
if (screen === 'chooser') screens.push({ name: 'chooser' });
if (screen === 'detail' || screen === 'station' || screen === 'genre') {
  const row = screen === 'detail' ? 'charts' : screen === 'station' ? 'mood-stations' : 'genre-stations';
  const tile = rowTiles(row, territory)[0];
  if (tile?.ref !== undefined) screens.push({ name: 'detail', ref: tile.ref, title: tile.title });
}
// Every other kind by its fake id: ?screen=album&id=album-1, artist (artist-0), new-release-category (nr-0),
// kids-category (kids-0), recommended (any track id).
const kinds: DetailKind[] = ['album', 'artist', 'new-release-category', 'kids-category', 'recommended', 'playlist', 'new-hits'];
const kind = kinds.find((k) => k === screen);
if (kind !== undefined && id !== null) screens.push({ name: 'detail', ref: { kind, id }, title: id });

// Low vision: &text=125 or &text=150, &contrast=high.
const text = Number(params.get('text'));
if (text === 125 || text === 150 || params.get('contrast') === 'high') {
  fake.setState({ display: { textSize: text === 125 || text === 150 ? text : 100, highContrast: params.get('contrast') === 'high' } });
}

// As when the kiosk shell's process has stopped.
if (params.has('shell-stopped')) shellConnection.setState({ lost: true });

const root = document.getElementById('root');
if (root !== null) createRoot(root).render(<App bridge={fake.bridge} initialScreens={screens} />);

// &focus=KEY: focus put there once it exists (a part far down Settings, which keys reach differently per language).
const focusParam = params.get('focus');
if (focusParam !== null) {
  const started = Date.now();
  const place = (): void => {
    if (doesFocusableExist(focusParam)) setFocus(focusParam);
    else if (Date.now() - started < 5000) window.setTimeout(place, 100);
  };
  window.setTimeout(place, 300);
}
