// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Announcer } from '../../renderer/src/a11y/announcer';
import { focusedElement, spokenName, spokenRuns } from '../../renderer/src/a11y/focusedName';
import type { Speech, SpeechRequest } from '../../renderer/src/a11y/speech';
import { createShellSpeech } from '../../renderer/src/a11y/shellSpeech';
import { createSpeechRouter } from '../../renderer/src/a11y/speechRouter';
import { createWebSpeech, voiceFor } from '../../renderer/src/a11y/webSpeech';
import { countdownMoment, spelledCode } from '../../renderer/src/a11y/pairingSpeech';
import type { SpeechLang } from '../../shared/bridge';
import { runsText, uiText } from '../../shared/speechRuns';

/** Records what is asked of it: `+` before what waits its turn, nothing before what interrupts; `cancel` is a cut (✂). */
function recordingSpeech(voices: SpeechLang[] = ['en-US']): Speech & { log: string[]; requests: SpeechRequest[] } {
  const log: string[] = [];
  const requests: SpeechRequest[] = [];
  return {
    log,
    requests,
    speak(request) {
      requests.push(request);
      log.push(request.mode === 'queue' ? `+${runsText(request.runs)}` : runsText(request.runs));
    },
    cancel: () => log.push('✂'),
    hasVoice: (lang) => voices.includes(lang),
  };
}

const WORDS = { selected: 'selected', position: (index: number, count: number) => `${index} of ${count}` };

/** Until the task after the next frame has run (where the announcer looks at focus and cuts off speech). */
const frame = () => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));
/** Until the frame after the focus moved has been drawn and what it says is said. */
const said = (speech: { log: string[] }, text: string) => vi.waitFor(() => expect(speech.log).toContain(text));

function tiles(n: number): HTMLElement[] {
  document.body.innerHTML = '';
  const row = document.createElement('section');
  document.body.append(row);
  return Array.from({ length: n }, (_, i) => {
    const tile = document.createElement('button');
    tile.setAttribute('aria-label', `Tile ${i + 1}, Artist`);
    tile.innerHTML = `<span aria-hidden="true">T</span><span>Tile ${i + 1}</span>`;
    row.append(tile);
    return tile;
  });
}

/** The navigation's word that focus moved (navigation.ts onFocusMoved). */
const moves = new Set<() => void>();
const focusMoved = (): void => moves.forEach((listener) => listener());

function focus(all: HTMLElement[], i: number): void {
  all.forEach((el, k) => el.classList.toggle('is-focused', k === i));
  focusMoved();
}

const key = (type: 'keydown' | 'keyup', k = 'ArrowRight', repeat = false) =>
  window.dispatchEvent(new KeyboardEvent(type, { key: k, code: k, repeat }));

describe('the announcer', () => {
  let speech: ReturnType<typeof recordingSpeech>;
  let announcer: Announcer;
  beforeEach(() => {
    speech = recordingSpeech();
    announcer = startAnnouncer();
  });
  afterEach(() => announcer.dispose());

  /** An announcer speaking to `speech`, started; `now`: its clock, for how long what it said lasts. */
  const startAnnouncer = (now?: () => number): Announcer => {
    const made = new Announcer({
      win: window,
      speech,
      uiText: () => uiText('en', 'TW'),
      words: () => WORDS,
      ...(now === undefined ? {} : { now }),
      screenFocusWaitMs: 10,
      onFocusMoved: (listener) => {
        moves.add(listener);
        return () => void moves.delete(listener);
      },
    });
    made.start();
    return made;
  };

  /** `n` tiles, focus resting on the first and said; the log emptied. */
  const restingOnFirst = async (n: number): Promise<HTMLElement[]> => {
    const all = tiles(n);
    focus(all, 0);
    await said(speech, 'Tile 1, Artist');
    speech.log.length = 0;
    return all;
  };

  it('says each press’s focus once drawn, cut off by the next press; a held key says only where it stopped', async () => {
    const all = await restingOnFirst(12);
    // The key goes down: its move is said once drawn; then the key repeats, and nothing is said until it comes up.
    key('keydown');
    focus(all, 1);
    await said(speech, 'Tile 2, Artist');
    key('keydown', 'ArrowRight', true);
    for (let i = 2; i <= 10; i++) {
      focus(all, i);
      await frame();
      key('keydown', 'ArrowRight', true);
    }
    await frame();
    // The first move interrupts what was being said; each repeat, with nothing to say, only cuts it off.
    expect(speech.log).toEqual(['Tile 2, Artist', ...Array<string>(10).fill('✂')]);
    key('keyup');
    expect(speech.log.at(-1)).toBe('Tile 11, Artist');
    expect(speech.requests.at(-1)).toMatchObject({ runs: [{ lang: 'en-US' }], mode: 'interrupt', rate: 'normal' });
    // Presses one at a time: each said, each cutting off the one before.
    key('keydown');
    focus(all, 11);
    await said(speech, 'Tile 12, Artist');
    key('keyup');
    expect(speech.log.slice(-2)).toEqual(['Tile 11, Artist', 'Tile 12, Artist']);
    expect(speech.requests.at(-1)?.mode).toBe('interrupt');
  });

  it('does nothing inside the press: the cut and the new focus wait for the frame that draws it, a burst of presses in one frame cuts once', async () => {
    const all = await restingOnFirst(5);
    key('keydown');
    focus(all, 1);
    key('keyup');
    key('keydown');
    focus(all, 2);
    expect(speech.log).toEqual([]);
    await frame();
    expect(speech.log).toEqual(['Tile 3, Artist']);
    expect(speech.requests.at(-1)?.mode).toBe('interrupt');
  });

  it('sends the shell one request a press: the new focus interrupts by itself, and only a press with nothing to say stops it', async () => {
    announcer.dispose();
    const calls: string[] = [];
    const bridge = {
      speak: (request: SpeechRequest) => {
        calls.push(`speak ${request.mode} ${runsText(request.runs)}`);
        return Promise.resolve();
      },
      stopSpeaking: () => {
        calls.push('stop');
        return Promise.resolve();
      },
    };
    speech = Object.assign(createShellSpeech(bridge, () => []), { log: [], requests: [] });
    announcer = startAnnouncer();
    const all = tiles(3);
    focus(all, 0);
    await vi.waitFor(() => expect(calls).toContain('speak interrupt Tile 1, Artist'));
    calls.length = 0;
    key('keydown');
    focus(all, 1);
    key('keyup');
    await vi.waitFor(() => expect(calls).toEqual(['speak interrupt Tile 2, Artist']));
    // A press that moves nothing (the end of the row): what was being said is stopped, with nothing after it.
    key('keydown');
    key('keyup');
    await vi.waitFor(() => expect(calls).toEqual(['speak interrupt Tile 2, Artist', 'stop']));
  });

  it('a status said during the press (an action answered at once) comes after the press’s cut, not cut off by it', async () => {
    await restingOnFirst(2);
    key('keydown', 'Enter');
    announcer.status('Added to favourites.');
    key('keyup', 'Enter');
    await frame();
    expect(speech.log).toEqual(['✂', '+Added to favourites.']);
  });

  it('a focus moved with no key held (a screen settling, the mouse) is said at once', async () => {
    const all = tiles(3);
    focus(all, 2);
    await said(speech, 'Tile 3, Artist');
    expect(speech.log).toEqual(['Tile 3, Artist']);
  });

  it('puts the screen name before the first focus in it, and a dialog title before its first action', async () => {
    announcer.screen([{ text: 'Home' }], [{ text: 'Signed in.' }]);
    const all = tiles(2);
    focus(all, 0);
    await said(speech, '+Tile 1, Artist');
    expect(speech.log).toEqual(['Signed in.', '+Home', '+Tile 1, Artist']);
    const dialog = document.createElement('div');
    dialog.setAttribute('role', 'dialog');
    dialog.setAttribute('aria-label', 'Sign out of Tunewall?');
    dialog.innerHTML = '<button>Cancel</button>';
    document.body.append(dialog);
    const cancel = dialog.querySelector('button');
    if (cancel === null) throw new Error('no button');
    // OK on the tile opens the dialog: the press may cut off what was still being said.
    key('keydown', 'Enter');
    all[0]?.classList.remove('is-focused');
    cancel.classList.add('is-focused');
    focusMoved();
    await said(speech, '+Cancel');
    expect(speech.log.slice(3)).toEqual(['Sign out of Tunewall?', '+Cancel']);
  });

  it('says a list’s description once, as focus comes into the list, and again with the repeat key', async () => {
    const all = tiles(3);
    const row = all[0]?.parentElement;
    if (!row) throw new Error('no row');
    row.insertAdjacentHTML('afterbegin', '<span id="left-out">2 explicit tracks left out</span>');
    row.setAttribute('aria-describedby', 'left-out');
    focus(all, 0);
    await said(speech, '+Tile 1, Artist');
    focus(all, 1);
    await said(speech, 'Tile 2, Artist');
    expect(speech.log).toEqual(['2 explicit tracks left out', '+Tile 1, Artist', 'Tile 2, Artist']);
    announcer.repeat();
    expect(speech.log.slice(-2)).toEqual(['2 explicit tracks left out', '+Tile 2, Artist']);
  });

  it('a screen with nothing to focus is said on its own; statuses wait their turn; the repeat key says it all again', async () => {
    document.body.innerHTML = '';
    announcer.screen([{ text: 'Sign in with your phone' }, { text: 'W D J B', rate: 'slow' }]);
    await new Promise((resolve) => setTimeout(resolve, 30));
    expect(speech.log).toEqual(['Sign in with your phone', '+W D J B']);
    expect(speech.requests[1]?.rate).toBe('slow');
    announcer.status('Back online.');
    expect(speech.log.at(-1)).toBe('+Back online.');
    announcer.repeat();
    expect(speech.log.slice(-2)).toEqual(['Sign in with your phone', '+W D J B']);
  });
  it('a status is heard to its end: the next screen’s title waits for it, and only the viewer’s press cuts it off', async () => {
    let clock = 0;
    announcer.dispose();
    announcer = startAnnouncer(() => clock);
    speech.log.length = 0;
    document.body.innerHTML = '';
    announcer.status('Offline. Tunewall keeps trying to reconnect.');
    clock = 27;
    announcer.screen([{ text: 'Settings' }]);
    await new Promise((resolve) => setTimeout(resolve, 30));
    // Queued behind the status, not cutting it off.
    expect(speech.log).toEqual(['+Offline. Tunewall keeps trying to reconnect.', '+Settings']);
    // Long after the status ended, a screen's title interrupts as before.
    clock = 60_000;
    announcer.screen([{ text: 'Home' }]);
    await new Promise((resolve) => setTimeout(resolve, 30));
    expect(speech.log.at(-1)).toBe('Home');
    // A status cut by the viewer's own press: what the press brings interrupts it.
    announcer.status('Back online.');
    const all = tiles(2);
    key('keydown');
    focus(all, 1);
    await said(speech, 'Tile 2, Artist');
    expect(speech.log.slice(-2)).toEqual(['+Back online.', 'Tile 2, Artist']);
  });

  it('a status queued behind a long phrase is kept from being cut until it has been said, counted from when it starts', async () => {
    let clock = 0;
    announcer.dispose();
    announcer = startAnnouncer(() => clock);
    speech.log.length = 0;
    document.body.innerHTML = '';
    // About 5 s of speech ahead of it, then the status (about 3 s).
    announcer.now([{ text: 'x'.repeat(70) }]);
    announcer.status('Offline. Tunewall keeps trying to reconnect.');
    // 6 s later the status is being said: a screen without a press waits for it.
    clock = 6000;
    announcer.screen([{ text: 'Settings' }]);
    await new Promise((resolve) => setTimeout(resolve, 30));
    expect(speech.log.at(-1)).toBe('+Settings');
  });

  it('never says the focus the screen before left behind: after sign-in, Home’s first tile, not Pairing’s code card', async () => {
    document.body.innerHTML = '<div class="code-card is-focused" tabindex="-1">Your code, W D J B</div>';
    const card = document.querySelector<HTMLElement>('.code-card');
    focusMoved();
    await said(speech, 'Your code, W D J B');
    speech.log.length = 0;
    announcer.screen([{ text: 'Home' }], [{ text: 'Signed in.' }]);
    // The frame after the screen changed still finds the old card marked: nothing of it is said.
    focusMoved();
    await frame();
    expect(speech.log).not.toContain('Your code, W D J B');
    card?.remove();
    const all = tiles(2);
    focus(all, 0);
    await said(speech, '+Tile 1, Artist');
    expect(speech.log).toEqual(['Signed in.', '+Home', '+Tile 1, Artist']);
  });

  it('never says a focus in the screen that has gone while it is still drawn (the approved Pairing over Home)', async () => {
    document.body.innerHTML = '<main class="screen pairing"><div class="code-card" tabindex="-1">Your code, W D J B</div></main>';
    announcer.screen([{ text: 'Home' }], [{ text: 'Signed in.' }], '.screen.pairing');
    // Pairing drawn again ("Approved — signing in…"): a new card, marked focused.
    document.querySelector('.code-card')?.classList.add('is-focused');
    focusMoved();
    await new Promise((resolve) => setTimeout(resolve, 30));
    expect(speech.log).toEqual(['Signed in.', '+Home']);
  });

  it('a new screen’s focus parked while it waits (Home’s gear before the first tile) is not said', async () => {
    document.body.innerHTML = '<button class="is-focused" data-parked="">Settings</button>';
    announcer.screen([{ text: 'Home, 林語彤' }]);
    focusMoved();
    await frame();
    document.body.innerHTML = '';
    const all = tiles(2);
    focus(all, 0);
    await said(speech, '+Tile 1, Artist');
    expect(speech.log).toEqual(['Home, 林語彤', '+Tile 1, Artist']);
  });

  it('a screen whose focus never moves from the old one is said alone, without the stale item', async () => {
    const all = await restingOnFirst(2);
    void all;
    announcer.screen([{ text: 'Home, 林語彤' }]);
    await new Promise((resolve) => setTimeout(resolve, 30));
    expect(speech.log).toEqual(['Home, 林語彤']);
    expect(speech.requests.at(-1)?.runs).toEqual([
      { text: 'Home,', lang: 'en-US' },
      { text: '林語彤', lang: 'zh-TW' },
    ]);
  });

  it('the repeat key makes the screen’s phrases again: the countdown as it stands, not as it was', async () => {
    document.body.innerHTML = '';
    let left = 10;
    announcer.screen(() => [{ text: 'Sign in with your phone' }, { text: `The code expires in ${left} minutes.` }]);
    await new Promise((resolve) => setTimeout(resolve, 30));
    expect(speech.log.at(-1)).toBe('+The code expires in 10 minutes.');
    left = 7;
    announcer.repeat();
    expect(speech.log.slice(-2)).toEqual(['Sign in with your phone', '+The code expires in 7 minutes.']);
  });

  it('says what a dialog is about (its description) after its title, before its first action', async () => {
    document.body.innerHTML = `
      <div role="dialog" aria-label="Open on your phone" aria-describedby="what">
        <p id="what" data-catalog="TW">告白氣球</p><button>Close</button>
      </div>`;
    document.querySelector('button')?.classList.add('is-focused');
    focusMoved();
    await said(speech, '+Close');
    expect(speech.log).toEqual(['Open on your phone', '+告白氣球', '+Close']);
    expect(speech.requests[1]?.runs).toEqual([{ text: '告白氣球', lang: 'zh-TW' }]);
  });
  it('says a choice with whether it is chosen, its group and its place, and its new state once OK has chosen it', async () => {
    document.body.innerHTML = `
      <h2 id="t">Territory</h2>
      <div role="group" aria-labelledby="t">
        <button aria-pressed="true" data-focus-key="a">Taiwan</button>
        <button aria-pressed="false" data-focus-key="b">Hong Kong</button>
        <button aria-pressed="false" data-focus-key="c">Japan</button>
      </div>`;
    const [taiwan, hongKong] = [...document.querySelectorAll('button')];
    hongKong?.classList.add('is-focused');
    focusMoved();
    await said(speech, 'Hong Kong, Territory, 2 of 3');
    key('keydown', 'Enter');
    key('keyup', 'Enter');
    await frame();
    // The bridge answers a moment later: the choice's new state, said where focus is.
    taiwan?.setAttribute('aria-pressed', 'false');
    hongKong?.setAttribute('aria-pressed', 'true');
    await said(speech, 'Hong Kong, selected, Territory, 2 of 3');
  });

  it('says an action with its place in the panel, and a status with the track it is about, in its catalog’s language', async () => {
    document.body.innerHTML = `
      <div data-spoken-place="true">
        <button data-focus-key="p">Open on your phone</button><button data-focus-key="f">Add to favorites</button>
      </div>`;
    document.querySelector('button')?.classList.add('is-focused');
    focusMoved();
    await said(speech, 'Open on your phone, 1 of 2');
    announcer.status('Added to your favorites.', { text: '告白氣球', runs: [{ text: '告白氣球', lang: 'zh-TW' }] });
    expect(speech.log.slice(-2)).toEqual(['+告白氣球', '+Added to your favorites.']);
    expect(speech.requests.at(-2)?.runs).toEqual([{ text: '告白氣球', lang: 'zh-TW' }]);
  });

});

describe('what is said for an element', () => {
  it('is its accessible name: aria-labelledby, aria-label, else its content without what is hidden', () => {
    document.body.innerHTML = `
      <span id="a">Charts</span><span id="b">3 of 24</span>
      <button id="one" aria-labelledby="a b">ignored</button>
      <div id="two" aria-label="Weekly chart, Updated today"></div>
      <div id="three"><span aria-hidden="true">W</span> Weekly <b>chart</b></div>`;
    const name = (id: string) => {
      const el = document.getElementById(id);
      if (el === null) throw new Error(id);
      return spokenName(el);
    };
    expect(name('one')).toBe('Charts 3 of 24');
    expect(name('two')).toBe('Weekly chart, Updated today');
    expect(name('three')).toBe('Weekly chart');
  });

  it('reads the catalog text an item shows in its catalog’s language, and the rest as UI text', () => {
    document.body.innerHTML = `
      <div data-catalog="TW" lang="zh-Hant-TW">
        <button id="tile" aria-label="華語單曲日榜, Updated Nov 19, Charts, 2 of 22"><span>華語單曲日榜</span><span>Updated Nov 19</span></button>
      </div>
      <div data-catalog="JP" lang="ja"><div id="track" aria-label="夜に駆ける, YOASOBI, 3:45, 1 of 50"><span>夜に駆ける</span><span>YOASOBI</span></div></div>
      <div data-catalog="HK"><button id="hk" aria-label="周杰倫, 歌手, 第 1 項，共 3 項"><span>周杰倫</span></button></div>
      <div data-catalog="TW">
        <button id="mixed" aria-label="華語新歌, 林語彤, 桜"><span>華語新歌</span> <span data-catalog="">林語彤</span> <span data-catalog="JP">桜</span></button>
      </div>`;
    const runs = (id: string, ui = uiText('ja', 'JP')) => {
      const el = document.getElementById(id);
      if (el === null) throw new Error(id);
      return spokenRuns(el, ui);
    };
    // A Taiwan chart in the Japanese UI: its name in Mandarin, the English it shows in English.
    expect(runs('tile')).toEqual([
      { text: '華語單曲日榜,', lang: 'zh-TW' },
      { text: 'Updated Nov 19, Charts, 2 of 22', lang: 'en-US' },
    ]);
    expect(runs('track', uiText('en', 'JP'))).toEqual([
      { text: '夜に駆ける,', lang: 'ja-JP' },
      { text: 'YOASOBI, 3:45, 1 of 50', lang: 'en-US' },
    ]);
    // The Chinese UI word beside a Hong Kong name stays Taiwan Mandarin; the name is Cantonese.
    expect(runs('hk', uiText('zh-Hant', 'HK'))).toEqual([
      { text: '周杰倫,', lang: 'zh-HK' },
      { text: '歌手, 第 1 項，共 3 項', lang: 'zh-TW' },
    ]);
    // Inside a Taiwan screen, words marked as the screen's own (data-catalog="") are UI text, and a piece marked as
    // another catalog's is read as that catalog reads it.
    expect(runs('mixed', uiText('en', 'HK'))).toEqual([
      { text: '華語新歌,', lang: 'zh-TW' },
      { text: '林語彤,', lang: 'zh-HK' },
      { text: '桜', lang: 'ja-JP' },
    ]);
  });

  it('the focused item is the one the navigation marks, else the active element, never the page', () => {
    document.body.innerHTML = '<button id="x">X</button><div class="is-focused" id="y">Y</div>';
    expect(focusedElement(document)?.id).toBe('y');
    document.body.innerHTML = '<button id="x">X</button>';
    document.getElementById('x')?.focus();
    expect(focusedElement(document)?.id).toBe('x');
    (document.activeElement as HTMLElement | null)?.blur();
    expect(focusedElement(document)).toBeUndefined();
  });
});

describe('speech', () => {
  const voice = (lang: string) => ({ lang, name: lang, default: false, localService: true, voiceURI: lang }) as SpeechSynthesisVoice;

  it('picks a voice of the UI language: Taiwan Mandarin for Traditional Chinese, and none where there is none', () => {
    const voices = [voice('en-GB'), voice('en-US'), voice('zh-CN'), voice('zh-TW'), voice('ko-KR')];
    expect(voiceFor(voices, 'en-US')?.lang).toBe('en-US');
    expect(voiceFor(voices, 'zh-TW')?.lang).toBe('zh-TW');
    expect(voiceFor(voices, 'zh-SG')?.lang).toBe('zh-CN');
    // No Cantonese voice: a Mandarin one reads the hanzi rather than a voice of no Chinese at all.
    expect(voiceFor(voices, 'zh-HK')?.lang).toBe('zh-TW');
    expect(voiceFor(voices, 'ko-KR')?.lang).toBe('ko-KR');
    expect(voiceFor(voices, 'ja-JP')).toBeUndefined();
  });

  it('speaks through speechSynthesis with lang and voice set, cancelling first for an interruption', () => {
    const spoken: SpeechSynthesisUtterance[] = [];
    let voices = [voice('ja-JP')];
    const synth = Object.assign(new EventTarget(), {
      getVoices: () => voices,
      speak: (u: SpeechSynthesisUtterance) => spoken.push(u),
      cancel: vi.fn(),
    }) as unknown as SpeechSynthesis;
    class Utterance {
      lang = '';
      voice: SpeechSynthesisVoice | null = null;
      rate = 1;
      constructor(readonly text: string) {}
    }
    const web = createWebSpeech(synth, Utterance as unknown as typeof SpeechSynthesisUtterance);
    web.speak({ runs: [{ text: 'ホーム', lang: 'ja-JP' }], rate: 'slow', mode: 'interrupt' });
    expect(synth.cancel).toHaveBeenCalledTimes(1);
    expect(spoken[0]).toMatchObject({ text: 'ホーム', lang: 'ja-JP', rate: 0.6 });
    expect(spoken[0]?.voice?.lang).toBe('ja-JP');
    web.speak({ runs: [{ text: 'Home', lang: 'en-US' }], rate: 'normal', mode: 'queue' });
    expect(synth.cancel).toHaveBeenCalledTimes(1);
    // No English voice: the browser's default voice says it.
    expect(spoken[1]?.voice).toBeNull();
    // Runs in two languages: an utterance each, back to back, each in its language.
    web.speak({ runs: [{ text: '華語單曲日榜', lang: 'zh-TW' }, { text: 'Charts, 2 of 22', lang: 'en-US' }], rate: 'normal', mode: 'interrupt' });
    expect(synth.cancel).toHaveBeenCalledTimes(2);
    expect(spoken.slice(2).map((u) => [u.text, u.lang])).toEqual([
      ['華語單曲日榜', 'zh-TW'],
      ['Charts, 2 of 22', 'en-US'],
    ]);
    // The browser lists its voices again (one installed): each language's voice is looked for in the new list.
    voices = [voice('ja-JP'), voice('en-US')];
    synth.dispatchEvent(new Event('voiceschanged'));
    web.speak({ runs: [{ text: 'Home', lang: 'en-US' }], rate: 'normal', mode: 'queue' });
    expect(spoken.at(-1)?.voice?.lang).toBe('en-US');
    expect(web.hasVoice('en-US')).toBe(true);
  });

  it('goes to the shell while the browser lists no voice, and to the browser once it does', () => {
    let voices = 0;
    const web = { ...recordingSpeech(['ja-JP']), hasVoices: () => voices > 0 };
    const shell = recordingSpeech(['en-US', 'ja-JP']);
    const router = createSpeechRouter(web, shell);
    router.speak({ runs: [{ text: 'one', lang: 'ja-JP' }], rate: 'normal', mode: 'interrupt' });
    voices = 1;
    router.speak({ runs: [{ text: 'two', lang: 'ja-JP' }], rate: 'normal', mode: 'interrupt' });
    expect(shell.log).toEqual(['one', '✂']);
    expect(web.log).toEqual(['two']);
    expect(router.hasVoice('en-US')).toBe(false);
  });
});

describe('pairing speech', () => {
  it('spells the code one character at a time, the halves apart', () => {
    expect(spelledCode('wdjbmjht')).toBe('W D J B, M J H T');
  });

  it('says the countdown at its moments only, the closest one when several passed', () => {
    const said = new Set<number>();
    expect(countdownMoment(400, said)).toBeUndefined();
    expect(countdownMoment(299, said)).toBe(300);
    said.add(300);
    expect(countdownMoment(250, said)).toBeUndefined();
    expect(countdownMoment(55, said)).toBe(60);
  });
});
