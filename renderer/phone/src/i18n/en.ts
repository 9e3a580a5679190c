/** The phone page's words in English: the reference table the others follow, key for key. */
import { enRows } from '../../../src/i18n/rowNames';

export const en = {
  app: { name: 'Tunewall', starting: 'Connecting to the TV…' },
  nav: { label: 'Sections', browse: 'Browse', remote: 'Remote', sent: 'Sent' },
  pair: {
    heading: 'Connect this phone to the TV',
    intro: 'On the TV, open “Use your phone”, then scan its QR code with this phone, or type the six-digit code it shows.',
    codeLabel: 'Six-digit code from the TV',
    codeHint: 'Digits only, for example 042917.',
    submit: 'Connect',
    pairing: 'Connecting…',
    invalid: 'Type the six digits shown on the TV.',
    wrong: 'That is not the code on the TV. Check the six digits and try again.',
    qrWrong: 'This QR code no longer works: the TV has shown a new one. Scan the code on the TV now, or type its six digits below.',
    burnt: 'Too many wrong codes, so this code stopped working. On the TV, open “Use your phone” again for a new code.',
    expired: 'This code has expired or was already used. On the TV, open “Use your phone” again for a new one.',
    tooMany: 'Too many attempts. Wait {{seconds}} seconds, then try again.',
    unreachable: 'Can’t reach the TV. Check that this phone is on the same Wi-Fi as the TV, then try again.',
    disconnected: 'This phone is no longer connected to the TV; pair it again from the TV’s “Use your phone”.',
    failed: 'The TV did not accept this phone ({{reason}}). Try again from the TV’s “Use your phone”.',
  },
  live: {
    connecting: 'Connecting to the TV…',
    connected: 'Connected to the TV',
    retrying: 'Can’t reach the TV. Retrying…',
    nowOnTv: 'Now on the TV: {{title}}',
    nowOnTvLabel: 'Now on the TV:',
    screens: {
      pairing: 'Signing in',
      chooser: 'Choosing who is listening',
      home: 'Home',
      detail: 'A detail',
      settings: 'Settings',
      other: 'Something else',
    },
    private: 'Someone’s own music',
  },
  rows: enRows,
  common: { loading: 'Loading…', retry: 'Try again', back: 'Back', more: 'Show more', empty: 'Nothing here yet' },
  errors: {
    view: 'The TV could not load this.',
    unreachable: 'Can’t reach the TV. Check the Wi-Fi, then try again.',
    refused: 'The TV refused this ({{reason}}).',
  },
  detail: {
    tracks: 'Tracks',
    albums: 'Albums',
    trackCount_one: '{{count}} track',
    trackCount_other: '{{count}} tracks',
    explicit: 'Explicit',
  },
  actions: {
    showOnTv: 'Show on TV',
    shown: 'Shown on the TV.',
    addFavorite: 'Add to favorites',
    added: 'Added to your favorites.',
    failed: 'That did not reach the TV. Try again.',
  },
  remote: {
    heading: 'Remote',
    up: 'Up',
    down: 'Down',
    left: 'Left',
    right: 'Right',
    ok: 'OK',
    back: 'Back',
    'where-am-i': 'Where am I',
  },
  sent: {
    heading: 'Sent to your phone',
    empty: 'Nothing yet. On the TV, choose “Send to my phone” on a song, and it appears here.',
    newTab: '(opens in a new tab)',
  },
};

/** The shape every language's table has: the same keys as English. */
export type PhoneStrings = typeof en;
