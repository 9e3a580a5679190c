/**
 * Screenshots of every screen on the fake bridge, for looking at from the sofa's point of view, and (the `look-` shots)
 * every screen in every language, text size and contrast, for comparing two runs pixel by pixel (compareShots.ts).
 * Run: npx tsx renderer/dev/screenshots.ts [name-prefix…]   (writes $TUNEWALL_SHOTS_DIR or /tmp/shots/*.png;
 * TUNEWALL_SHOTS_PARALLEL pages at once, 3 unless set)
 */
import { chromium, type Browser, type Page } from 'playwright-core';
import { build, preview } from 'vite';

const OUT = process.env['TUNEWALL_SHOTS_DIR'] ?? '/tmp/shots';
/** Only the shots whose names start with one of these (all when none is given). */
const ONLY = process.argv.slice(2);
const CONFIG = new URL('../vite.config.ts', import.meta.url).pathname;

interface Shot {
  name: string;
  query: string;
  /** Keys pressed before the picture, after the screen settled. */
  keys?: string[];
  sizes?: [number, number][];
}

const BOTH: [number, number][] = [
  [1920, 1080],
  [1280, 720],
];

/**
 * From Settings' first choice (the territory) to its "Set a PIN" button, and OK: Right as often as it takes to leave
 * the territory's row of choices (Singapore has Malaysia beside it, Japan nothing).
 */
const pinKeys = (rights: number, downs: number): string[] => [
  ...Array<string>(rights).fill('ArrowRight'),
  ...Array<string>(downs).fill('ArrowDown'),
  'Enter',
];
const PIN_KEYS = pinKeys(2, 4);
/** Where Right lands in the Account card depends on how tall each language's lines are. */
const PIN_KEYS_ZH = pinKeys(1, 4);
const PIN_KEYS_JA = pinKeys(1, 3);

const ALL: Shot[] = [
  { name: 'pairing', query: 'fake=pairing', sizes: [...BOTH, [3840, 2160]] },
  { name: 'pairing-en', query: 'fake=pairing&lang=en' },
  { name: 'pairing-zh', query: 'fake=pairing&lang=zh-Hant' },
  { name: 'pairing-ja', query: 'fake=pairing&lang=ja' },
  { name: 'pairing-retrying', query: 'fake=pairing-retrying&lang=ja' },
  { name: 'pairing-denied', query: 'fake=denied&lang=en' },
  { name: 'pairing-denied-zh', query: 'fake=denied&lang=zh-Hant' },
  { name: 'pairing-denied-ja', query: 'fake=denied&lang=ja' },
  { name: 'pairing-expired', query: 'fake=expired&lang=en' },
  { name: 'pairing-signed-out-en', query: 'fake=signed-out&lang=en' },
  { name: 'pairing-signed-out-zh', query: 'fake=signed-out&lang=zh-Hant' },
  { name: 'pairing-signed-out-ja', query: 'fake=signed-out&lang=ja' },
  { name: 'pairing-sign-in-expired-en', query: 'fake=sign-in-expired&lang=en' },
  { name: 'pairing-sign-in-expired-zh', query: 'fake=sign-in-expired&lang=zh-Hant' },
  { name: 'pairing-sign-in-expired-ja', query: 'fake=sign-in-expired&lang=ja' },
  { name: 'home', query: 'fake=home', sizes: [...BOTH, [3840, 2160]] },
  { name: 'home-moved', query: 'fake=home', keys: ['ArrowRight', 'ArrowRight', 'ArrowDown', 'ArrowDown'] },
  { name: 'home-en', query: 'fake=home&territory=SG' },
  { name: 'home-ja', query: 'fake=home&territory=JP' },
  // The charts row focused: names on two lines, when each chart was updated, in every language.
  { name: 'home-charts-en', query: 'fake=home&territory=SG&lang=en', keys: ['ArrowDown'] },
  { name: 'home-charts-zh', query: 'fake=home&lang=zh-Hant', keys: ['ArrowDown'] },
  { name: 'home-charts-ja', query: 'fake=home&territory=JP&lang=ja', keys: ['ArrowDown'] },
  { name: 'home-guest', query: 'fake=guest&lang=en' },
  { name: 'home-row-error', query: 'fake=row-error', keys: ['ArrowDown'] },
  { name: 'home-offline', query: 'fake=offline&lang=en' },
  { name: 'home-shell-stopped-en', query: 'fake=home&lang=en&shell-stopped' },
  { name: 'home-shell-stopped-zh', query: 'fake=home&lang=zh-Hant&shell-stopped' },
  { name: 'home-shell-stopped-ja', query: 'fake=home&lang=ja&shell-stopped' },
  { name: 'home-config', query: 'fake=config&lang=en' },
  { name: 'home-config-zh', query: 'fake=config&lang=zh-Hant', keys: Array<string>(6).fill('ArrowDown') },
  { name: 'home-config-ja', query: 'fake=config&lang=ja', keys: Array<string>(6).fill('ArrowDown') },
  { name: 'pairing-config', query: 'fake=pairing&problems&lang=en' },
  { name: 'pairing-config-zh', query: 'fake=pairing&problems&lang=zh-Hant' },
  { name: 'pairing-config-ja', query: 'fake=pairing&problems&lang=ja' },
  { name: 'settings-config-en', query: 'fake=config&screen=settings&lang=en', keys: Array<string>(6).fill('ArrowDown') },
  { name: 'settings-config-zh', query: 'fake=config&screen=settings&lang=zh-Hant', keys: Array<string>(6).fill('ArrowDown') },
  { name: 'settings-config-ja', query: 'fake=config&screen=settings&lang=ja', keys: Array<string>(6).fill('ArrowDown') },
  { name: 'home-leave', query: 'fake=home', keys: ['Escape'] },
  // Kiosk idle after 1 s: the hint in the header's middle while focus walks the tiles.
  { name: 'home-idle-en', query: 'fake=home&lang=en&kiosk&idle=1', keys: ['Wait'] },
  { name: 'home-idle-zh', query: 'fake=home&lang=zh-Hant&kiosk&idle=1', keys: ['Wait'] },
  { name: 'home-idle-ja', query: 'fake=home&lang=ja&kiosk&idle=1', keys: ['Wait'] },
  // Open the third mood station, come back: focus must be on that same tile.
  { name: 'home-back', query: 'fake=home', keys: ['ArrowDown', 'ArrowRight', 'ArrowRight', 'Enter', 'Escape'] },
  { name: 'detail', query: 'fake=home&screen=detail', keys: ['ArrowDown', 'ArrowDown', 'ArrowDown'] },
  { name: 'detail-en', query: 'fake=home&screen=detail&lang=en&territory=SG' },
  { name: 'detail-deep', query: 'fake=home&screen=detail', keys: Array<string>(40).fill('ArrowDown') },
  // The offline banner over a detail screen, and the last track of a chart focused.
  { name: 'detail-offline-en', query: 'fake=offline&screen=detail&lang=en' },
  { name: 'detail-offline-zh', query: 'fake=offline&screen=detail&lang=zh-Hant' },
  { name: 'detail-offline-ja', query: 'fake=offline&screen=detail&lang=ja&territory=JP' },
  { name: 'settings-offline-en', query: 'fake=offline&screen=settings&lang=en' },
  { name: 'settings-offline-zh', query: 'fake=offline&screen=settings&lang=zh-Hant' },
  { name: 'settings-offline-ja', query: 'fake=offline&screen=settings&lang=ja' },
  { name: 'detail-last-en', query: 'fake=home&screen=playlist&id=playlist-1&lang=en', keys: Array<string>(90).fill('ArrowDown') },
  { name: 'detail-last-zh', query: 'fake=home&screen=playlist&id=playlist-1&lang=zh-Hant', keys: Array<string>(90).fill('ArrowDown') },
  { name: 'detail-last-ja', query: 'fake=home&screen=playlist&id=playlist-2&lang=ja&territory=JP', keys: Array<string>(90).fill('ArrowDown') },
  { name: 'station', query: 'fake=home&screen=station&territory=JP' },
  { name: 'detail-phone', query: 'fake=home&screen=detail', keys: ['ArrowDown', 'Enter'] },
  // Further down Home: new releases, kids and the member's own rows, loaded as focus comes near them.
  { name: 'home-lower', query: 'fake=home', keys: ['ArrowDown', 'ArrowDown', 'ArrowDown', 'ArrowDown', 'ArrowDown', 'ArrowDown', 'ArrowDown'] },
  { name: 'home-lower-en', query: 'fake=home&lang=en&territory=SG', keys: Array<string>(7).fill('ArrowDown') },
  { name: 'home-bottom-ja', query: 'fake=home&territory=JP', keys: Array<string>(14).fill('ArrowDown') },
  { name: 'home-bottom-en', query: 'fake=home&territory=SG&lang=en', keys: Array<string>(14).fill('ArrowDown') },
  { name: 'home-bottom-zh', query: 'fake=home&lang=zh-Hant', keys: Array<string>(14).fill('ArrowDown') },
  { name: 'home-bottom-ja-ui', query: 'fake=home&territory=JP&lang=ja', keys: Array<string>(14).fill('ArrowDown') },
  { name: 'genre-station', query: 'fake=home&screen=genre&lang=en&territory=SG' },
  { name: 'album', query: 'fake=home&screen=album&id=album-0' },
  { name: 'album-en', query: 'fake=home&screen=album&id=album-1&lang=en&territory=SG' },
  { name: 'album-ja', query: 'fake=home&screen=album&id=album-2&territory=JP' },
  { name: 'album-empty', query: 'fake=home&screen=album&id=album-29&lang=en' },
  { name: 'album-unavailable', query: 'fake=home&screen=album&id=album-7&territory=JP' },
  { name: 'album-unavailable-en', query: 'fake=home&screen=album&id=album-7&territory=JP&lang=en' },
  { name: 'album-missing', query: 'fake=home&screen=album&id=missing-1&lang=en' },
  { name: 'artist', query: 'fake=home&screen=artist&id=artist-0' },
  { name: 'artist-en', query: 'fake=home&screen=artist&id=artist-1&lang=en&territory=SG', keys: ['ArrowDown', 'ArrowDown'] },
  { name: 'artist-ja', query: 'fake=home&screen=artist&id=artist-2&territory=JP' },
  { name: 'new-releases', query: 'fake=home&screen=new-release-category&id=nr-0' },
  { name: 'new-releases-en', query: 'fake=home&screen=new-release-category&id=nr-1&lang=en&territory=SG', keys: ['ArrowDown', 'ArrowDown', 'ArrowRight'] },
  { name: 'new-releases-ja', query: 'fake=home&screen=new-release-category&id=nr-2&territory=JP' },
  { name: 'kids', query: 'fake=home&screen=kids-category&id=kids-0' },
  { name: 'kids-en', query: 'fake=home&screen=kids-category&id=kids-1&lang=en&territory=SG', keys: ['ArrowDown'] },
  { name: 'kids-ja', query: 'fake=home&screen=kids-category&id=kids-2&territory=JP' },
  { name: 'kids-empty', query: 'fake=home&screen=kids-category&id=kids-3&lang=en&territory=SG' },
  { name: 'panel', query: 'fake=home&screen=detail', keys: ['ArrowDown', 'Enter'] },
  { name: 'panel-en', query: 'fake=home&screen=detail&lang=en&territory=SG', keys: ['Enter', 'ArrowDown'] },
  { name: 'panel-ja-added', query: 'fake=home&screen=detail&territory=JP', keys: ['Enter', ...Array<string>(5).fill('ArrowDown'), 'Enter'] },
  { name: 'panel-guest', query: 'fake=guest&screen=detail&lang=en', keys: ['Enter'] },
  { name: 'recommended', query: 'fake=home&screen=detail', keys: ['Enter', ...Array<string>(4).fill('ArrowDown'), 'Enter'] },
  { name: 'recommended-en', query: 'fake=home&screen=detail&lang=en&territory=SG', keys: ['Enter', ...Array<string>(4).fill('ArrowDown'), 'Enter'] },
  { name: 'recommended-none', query: 'fake=home&screen=detail&lang=ja', keys: [...Array<string>(4).fill('ArrowDown'), 'Enter', ...Array<string>(4).fill('ArrowDown'), 'Enter'] },
  // The phone companion: "Use your phone" from Home's header, its PIN for a child, Settings' phones, Send to my phone.
  { name: 'use-phone-en', query: 'fake=home&lang=en&territory=SG&focus=home-phone', keys: ['Enter'], sizes: BOTH },
  { name: 'use-phone-zh', query: 'fake=home&lang=zh-Hant&focus=home-phone', keys: ['Enter'], sizes: BOTH },
  { name: 'use-phone-ja', query: 'fake=home&lang=ja&territory=JP&focus=home-phone', keys: ['Enter'], sizes: BOTH },
  { name: 'use-phone-text-150-en', query: 'fake=home&lang=en&territory=SG&text=150&focus=home-phone', keys: ['Enter'], sizes: BOTH },
  { name: 'use-phone-text-150-ja', query: 'fake=home&lang=ja&territory=JP&text=150&focus=home-phone', keys: ['Enter'], sizes: BOTH },
  { name: 'use-phone-pin-en', query: 'fake=child&screen=settings&lang=en&territory=SG&focus=settings-use-phone', keys: ['Enter'] },
  { name: 'home-phone-button-en', query: 'fake=home&lang=en&territory=SG', keys: ['ArrowUp', 'ArrowLeft'], sizes: BOTH },
  { name: 'settings-phones-en', query: 'fake=home&screen=settings&lang=en&territory=SG&phones=2&focus=phone-remove:phone-1', sizes: BOTH },
  { name: 'settings-phones-zh', query: 'fake=home&screen=settings&lang=zh-Hant&phones=2&focus=settings-use-phone' },
  { name: 'settings-phones-text-150-ja', query: 'fake=home&screen=settings&lang=ja&territory=JP&phones=2&text=150&focus=phone-remove:phone-2', sizes: BOTH },
  { name: 'phone-remove-pin-en', query: 'fake=child&screen=settings&lang=en&territory=SG&phones=2&focus=phone-remove:phone-1', keys: ['Enter', '1', '2'], sizes: BOTH },
  { name: 'phone-remove-pin-zh', query: 'fake=child&screen=settings&lang=zh-Hant&phones=2&focus=phone-remove:phone-1', keys: ['Enter', '9', '9', '9', '9', 'Enter'] },
  { name: 'phone-remove-pin-text-150-ja', query: 'fake=child&screen=settings&lang=ja&territory=JP&phones=2&text=150&focus=phone-remove:phone-2', keys: ['Enter'], sizes: BOTH },
  { name: 'panel-send-en', query: 'fake=home&screen=detail&lang=en&territory=SG&phones=1', keys: ['Enter', 'ArrowDown', 'Enter'], sizes: BOTH },
  { name: 'panel-send-ja', query: 'fake=home&screen=detail&lang=ja&territory=JP&phones=1', keys: ['Enter', 'ArrowDown', 'Enter'] },
  // Several members: "Who's listening?" at start (focus on the last chosen), from Home's avatar, signing one out, the PIN.
  { name: 'chooser-en', query: 'fake=chooser&lang=en&territory=SG' },
  { name: 'chooser-zh', query: 'fake=chooser&lang=zh-Hant' },
  { name: 'chooser-ja', query: 'fake=chooser&lang=ja&territory=JP' },
  { name: 'chooser-sign-out-en', query: 'fake=chooser&lang=en&territory=SG', keys: ['ArrowDown', 'Enter'] },
  { name: 'chooser-sign-out-confirm-ja', query: 'fake=chooser&lang=ja&territory=JP', keys: ['ArrowDown', 'Enter', 'ArrowRight', 'Enter'] },
  { name: 'chooser-header-en', query: 'fake=household&lang=en&territory=SG', keys: ['ArrowUp', 'ArrowLeft'] },
  { name: 'chooser-pin-en', query: 'fake=child&screen=chooser&lang=en&territory=SG', keys: ['ArrowLeft', 'Enter', '1', '2'] },
  { name: 'chooser-pin-wrong-zh', query: 'fake=child&screen=chooser&lang=zh-Hant', keys: ['ArrowLeft', 'Enter', '9', '9', '9', '9', 'Enter'] },
  { name: 'chooser-pin-ja', query: 'fake=child&screen=chooser&lang=ja&territory=JP', keys: ['ArrowLeft', 'Enter', '5', 'ArrowUp'] },
  // A child's profile on screen: signing a member out asks for the PIN first.
  { name: 'chooser-child-sign-out-pin-en', query: 'fake=child&screen=chooser&lang=en&territory=SG', keys: ['ArrowDown', 'Enter', 'Enter', 'ArrowRight', 'Enter'] },
  { name: 'chooser-child-sign-out-pin-ja', query: 'fake=child&screen=chooser&lang=ja&territory=JP', keys: ['ArrowDown', 'Enter', 'Enter', 'ArrowRight', 'Enter'] },
  { name: 'chooser-full-en', query: 'fake=chooser&lang=en&territory=SG&members=6' },
  { name: 'chooser-full-text-150-ja', query: 'fake=chooser&lang=ja&territory=JP&members=6&text=150' },
  { name: 'chooser-text-150-en', query: 'fake=chooser&lang=en&territory=SG&text=150' },
  { name: 'chooser-text-150-ja', query: 'fake=chooser&lang=ja&territory=JP&text=150' },
  { name: 'chooser-contrast-zh', query: 'fake=chooser&lang=zh-Hant&contrast=high' },
  { name: 'chooser-contrast-pin-en', query: 'fake=child&screen=chooser&lang=en&territory=SG&contrast=high', keys: ['ArrowLeft', 'Enter', '1', '2'] },
  { name: 'chooser-pin-text-150-ja', query: 'fake=child&screen=chooser&lang=ja&territory=JP&text=150', keys: ['ArrowLeft', 'Enter', '9', '9', '9', '9', 'Enter'] },
  { name: 'add-member-text-150-zh', query: 'fake=add-member&lang=zh-Hant&text=150' },
  { name: 'add-member-en', query: 'fake=add-member&lang=en&territory=SG' },
  { name: 'add-member-zh', query: 'fake=add-member&lang=zh-Hant' },
  { name: 'add-member-ja', query: 'fake=add-member&lang=ja&territory=JP' },
  { name: 'add-member-again-en', query: 'fake=add-again&lang=en&territory=SG' },
  { name: 'settings-members-en', query: 'fake=household&screen=settings&lang=en&territory=SG', keys: ['ArrowRight', 'ArrowRight', 'ArrowDown', 'ArrowDown', 'ArrowDown', 'ArrowDown'] },
  { name: 'settings-members-zh', query: 'fake=household&screen=settings&lang=zh-Hant', keys: ['ArrowRight', 'ArrowRight', 'ArrowDown', 'ArrowDown', 'ArrowDown', 'ArrowDown'] },
  { name: 'settings-members-ja', query: 'fake=household&screen=settings&lang=ja&territory=JP', keys: ['ArrowRight', 'ArrowDown', 'ArrowDown', 'ArrowDown'] },
  // Setting a PIN: the new PIN entered once, then asked again; and set, with what to do if it is forgotten.
  { name: 'settings-pin-confirm-en', query: 'fake=household&screen=settings&lang=en&territory=SG', keys: [...PIN_KEYS, '2', '5', '8', '0', 'Enter'] },
  { name: 'settings-pin-confirm-zh', query: 'fake=household&screen=settings&lang=zh-Hant&territory=SG', keys: [...PIN_KEYS_ZH, '2', '5', '8', '0', 'Enter'] },
  { name: 'settings-pin-confirm-ja', query: 'fake=household&screen=settings&lang=ja&territory=JP', keys: [...PIN_KEYS_JA, '2', '5', '8', '0', 'Enter'] },
  { name: 'settings-pin-set-ja', query: 'fake=household&screen=settings&lang=ja&territory=JP', keys: [...PIN_KEYS_JA, '2', '5', '8', '0', 'Enter', '2', '5', '8', '0', 'Enter'] },
  { name: 'settings-pin-set-zh', query: 'fake=household&screen=settings&lang=zh-Hant&territory=SG', keys: [...PIN_KEYS_ZH, '2', '5', '8', '0', 'Enter', '2', '5', '8', '0', 'Enter'] },
  { name: 'settings-pin-mismatch-en', query: 'fake=household&screen=settings&lang=en&territory=SG', keys: [...PIN_KEYS, '2', '5', '8', '0', 'Enter', '2', '5', '8', '1', 'Enter'] },
  { name: 'settings-pin-set-en', query: 'fake=household&screen=settings&lang=en&territory=SG', keys: [...PIN_KEYS, '2', '5', '8', '0', 'Enter', '2', '5', '8', '0', 'Enter'] },
  { name: 'settings-members-child-en', query: 'fake=child&screen=settings&lang=en&territory=SG', keys: ['ArrowRight', 'ArrowRight', 'ArrowDown', 'ArrowDown'] },
  // Explicit tracks hidden: the line over a chart's track list, beside the favourites row's title, over top tracks.
  { name: 'explicit-detail-en', query: 'fake=home&screen=detail&lang=en&territory=SG&hide-explicit' },
  { name: 'explicit-detail-zh', query: 'fake=home&screen=detail&lang=zh-Hant&hide-explicit' },
  { name: 'explicit-detail-ja', query: 'fake=home&screen=detail&lang=ja&territory=JP&hide-explicit' },
  { name: 'explicit-home-en', query: 'fake=home&lang=en&territory=SG&hide-explicit' },
  { name: 'explicit-home-zh', query: 'fake=home&lang=zh-Hant&hide-explicit' },
  { name: 'explicit-home-ja', query: 'fake=home&lang=ja&territory=JP&hide-explicit' },
  { name: 'explicit-artist-en', query: 'fake=home&screen=artist&id=artist-1&lang=en&territory=SG&hide-explicit', keys: ['ArrowDown'] },
  { name: 'settings', query: 'fake=home&screen=settings' },
  { name: 'settings-en', query: 'fake=home&screen=settings&lang=en', keys: ['ArrowDown', 'ArrowDown'] },
  { name: 'settings-keyfile-en', query: 'fake=home&screen=settings&lang=en&key-file' },
  { name: 'settings-keyfile-zh', query: 'fake=home&screen=settings&lang=zh-Hant&key-file' },
  { name: 'settings-keyfile-ja', query: 'fake=home&screen=settings&lang=ja&key-file' },
  { name: 'settings-memory-ja', query: 'fake=home&screen=settings&lang=ja' },
  { name: 'settings-voice-en', query: 'fake=home&screen=settings&lang=en&voice', keys: Array<string>(8).fill('ArrowDown') },
  { name: 'settings-voice-zh', query: 'fake=home&screen=settings&lang=zh-Hant&voice&no-voice', keys: Array<string>(8).fill('ArrowDown') },
  { name: 'settings-voice-ja', query: 'fake=home&screen=settings&lang=ja&voice&no-voice', keys: Array<string>(8).fill('ArrowDown') },
];

/**
 * Every screen in every look, for comparing a change to the styles pixel by pixel (compareShots.ts): each language
 * with a catalog in its own territory, text at 100 % and 150 %, standard and high contrast, at both sizes. Only keys
 * whose path does not depend on the layout, since larger text moves what Right and Down reach.
 */
const SCREENS: { name: string; query: string; keys?: string[] }[] = [
  { name: 'pairing', query: 'fake=pairing' },
  { name: 'home', query: 'fake=home' },
  { name: 'home-charts', query: 'fake=home', keys: ['ArrowDown'] },
  { name: 'home-offline', query: 'fake=offline' },
  { name: 'home-config', query: 'fake=config' },
  { name: 'leave', query: 'fake=home', keys: ['Escape'] },
  { name: 'chart', query: 'fake=home&screen=detail' },
  { name: 'panel', query: 'fake=home&screen=detail', keys: ['Enter'] },
  { name: 'recommended', query: 'fake=home&screen=detail', keys: ['Enter', 'ArrowDown', 'ArrowDown', 'ArrowDown', 'Enter'] },
  { name: 'genre', query: 'fake=home&screen=genre' },
  { name: 'album', query: 'fake=home&screen=album&id=album-1' },
  { name: 'artist', query: 'fake=home&screen=artist&id=artist-1' },
  { name: 'new-releases', query: 'fake=home&screen=new-release-category&id=nr-1' },
  { name: 'kids', query: 'fake=home&screen=kids-category&id=kids-1' },
  { name: 'settings', query: 'fake=home&screen=settings' },
  { name: 'chooser', query: 'fake=chooser' },
  { name: 'pin', query: 'fake=child&screen=chooser', keys: ['ArrowLeft', 'Enter', '1', '2'] },
  { name: 'add-member', query: 'fake=add-member' },
];
const LANGUAGES = [
  { lang: 'en', territory: 'SG' },
  { lang: 'zh-Hant', territory: 'TW' },
  { lang: 'ja', territory: 'JP' },
] as const;
const LOOKS: Shot[] = SCREENS.flatMap((screen) =>
  LANGUAGES.flatMap(({ lang, territory }) =>
    (['100', '150'] as const).flatMap((text) =>
      (['standard', 'high'] as const).map((contrast) => ({
        name: `look-${screen.name}-${lang}-text${text}-${contrast}`,
        query: `${screen.query}&lang=${lang}&territory=${territory}&text=${text}&contrast=${contrast}`,
        keys: screen.keys,
      })),
    ),
  ),
);
ALL.push(...LOOKS);

/** A fixed clock, so the same shot draws the same time (Home's clock, the code's time left, the offline retry). */
const FIXED_TIME = new Date('2026-11-20T10:30:00Z');
/** What shows the time where the clock must run (kiosk idle counts the seconds since the last press): masked. */
const TIME_SHOWN = ['.clock', '.expiry'];

// `npx tsx renderer/dev/screenshots.ts album artist` takes only the shots whose names start with one of those words.
const only = process.argv.slice(2);
const SHOTS = only.length === 0 ? ALL : ALL.filter((shot) => only.some((word) => shot.name.startsWith(word)));

async function settle(page: Page): Promise<void> {
  await page.waitForLoadState('networkidle');
  await page.waitForTimeout(900);
}

/** Pages open at once: most of a shot is waiting for its screen to settle, which several pages can do side by side. */
const PARALLEL = Math.max(1, Number(process.env['TUNEWALL_SHOTS_PARALLEL'] ?? 3));

async function take(browser: Browser, base: string, shot: Shot, [width, height]: [number, number]): Promise<void> {
  const page = await browser.newPage({ viewport: { width, height } });
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  const clockRuns = shot.query.includes('idle=');
  if (!clockRuns) await page.clock.setFixedTime(FIXED_TIME);
  await page.goto(`${base}dev/index.html?${shot.query}`);
  await settle(page);
  for (const key of shot.keys ?? []) {
    if (key === 'Wait') {
      await page.waitForTimeout(3000);
      continue;
    }
    await page.keyboard.press(key);
    // A new screen needs its data before the next key means anything.
    await page.waitForTimeout(key === 'Enter' ? 700 : 150);
  }
  if ((shot.keys ?? []).length > 0) await settle(page);
  const file = `${OUT}/${shot.name}-${width}x${height}.png`;
  await page.screenshot({
    path: file,
    // Infinite animations (the skeletons' shimmer, the waiting dot) at their start, the caret hidden.
    animations: 'disabled',
    caret: 'hide',
    mask: clockRuns ? TIME_SHOWN.map((selector) => page.locator(selector)) : [],
  });
  console.log(file, errors.length > 0 ? `ERRORS: ${errors.join(' | ')}` : '');
  await page.close();
}

async function main(): Promise<void> {
  await build({ configFile: CONFIG, mode: 'fake', logLevel: 'warn' });
  const server = await preview({ configFile: CONFIG, mode: 'fake', preview: { port: 0, host: '127.0.0.1' }, logLevel: 'warn' });
  const base = server.resolvedUrls?.local[0];
  if (base === undefined) throw new Error('preview server has no URL');
  const browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run', '--disable-sync'],
  });
  const queue = SHOTS.filter((s) => ONLY.length === 0 || ONLY.some((prefix) => s.name.startsWith(prefix))).flatMap((shot) =>
    (shot.sizes ?? BOTH).map((size) => ({ shot, size })),
  );
  const failed: string[] = [];
  const worker = async (): Promise<void> => {
    for (let next = queue.shift(); next !== undefined; next = queue.shift()) {
      // One shot that times out on a busy machine is reported and the rest still taken; run it again by its name.
      await take(browser, base, next.shot, next.size).catch((error: unknown) => {
        failed.push(`${next?.shot.name ?? ''}: ${String(error).split('\n')[0] ?? ''}`);
      });
    }
  };
  try {
    await Promise.all(Array.from({ length: PARALLEL }, worker));
    for (const failure of failed) console.error(`FAILED ${failure}`);
    if (failed.length > 0) process.exitCode = 1;
  } finally {
    await browser.close();
    await server.close();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  throw error;
});
