/**
 * The paired phones, kept in the core's store across restarts: each phone's id, its member, a name from its browser,
 * when it paired and when it last spoke, and its credential's SHA-256 digest only (the credential itself is the
 * phone's; a copy of the store gives nobody a way in). Removing a phone ends its access at its next request.
 */
import { createHash, randomBytes } from 'node:crypto';
import { z } from 'zod';
import type { PhoneView } from '../../../../shared/companion';
import type { Clock, KeyValueStore, Logger } from '../../ports';
import { readStored } from '../settings/stored';

const STORE_KEY = 'companion.phones';
/** Phones kept at most; pairing one more forgets the one that spoke least recently. */
export const MAX_PHONES = 16;
/** How stale a stored last-seen may be: a phone that speaks every second writes once a minute. */
const LAST_SEEN_STEP_MS = 60_000;

const PhoneRecordSchema = z.object({
  id: z.string().min(1).max(64),
  memberKey: z.string().min(1).max(64),
  name: z.string().max(100),
  pairedAt: z.number(),
  lastSeen: z.number(),
  /** SHA-256 of the credential, hex. */
  hash: z.string().regex(/^[0-9a-f]{64}$/),
});
type PhoneRecord = z.infer<typeof PhoneRecordSchema>;
const StoredPhonesSchema = z.array(PhoneRecordSchema).max(MAX_PHONES);

export interface Phones {
  /** Pairs a phone for `memberKey`: its credential, given to the phone once and kept here only as a digest. */
  add(memberKey: string, name: string): { credential: string; phone: PhoneView };
  /** The phone a bearer credential belongs to (its last-seen updated), or undefined. */
  authenticate(credential: string): PhoneView | undefined;
  list(): PhoneView[];
  remove(id: string): PhoneView | undefined;
  removeOf(memberKey: string): PhoneView[];
}

export interface PhonesDeps {
  store: KeyValueStore;
  clock: Pick<Clock, 'now'>;
  logger: Logger;
}

export function credentialDigest(credential: string): string {
  return createHash('sha256').update(credential, 'utf8').digest('hex');
}

const view = ({ id, memberKey, name, pairedAt, lastSeen }: PhoneRecord): PhoneView => ({ id, memberKey, name, pairedAt, lastSeen });

export function createPhones(deps: PhonesDeps): Phones {
  const { store, clock, logger } = deps;
  let phones: PhoneRecord[] = readStored(store, STORE_KEY, StoredPhonesSchema, logger) ?? [];
  const save = (write: 'durable' | 'coalesced'): void => {
    try {
      store.set(STORE_KEY, phones, { write });
    } catch (error) {
      logger.error('companion: could not save the paired phones', { error: String(error) });
    }
  };

  function drop(gone: PhoneRecord[]): PhoneView[] {
    if (gone.length === 0) return [];
    phones = phones.filter((p) => !gone.includes(p));
    // Durable: a removed phone must stay removed after a power cut.
    save('durable');
    return gone.map(view);
  }

  return {
    add(memberKey, name) {
      const credential = randomBytes(32).toString('base64url');
      const now = clock.now();
      const record: PhoneRecord = { id: randomBytes(12).toString('base64url'), memberKey, name, pairedAt: now, lastSeen: now, hash: credentialDigest(credential) };
      if (phones.length >= MAX_PHONES) {
        const oldest = [...phones].sort((a, b) => a.lastSeen - b.lastSeen)[0];
        if (oldest !== undefined) {
          logger.info('companion: too many phones; the one that spoke least recently is forgotten', { phone: oldest.id });
          phones = phones.filter((p) => p !== oldest);
        }
      }
      phones = [...phones, record];
      save('durable');
      return { credential, phone: view(record) };
    },
    authenticate(credential) {
      const hash = credentialDigest(credential);
      const phone = phones.find((p) => p.hash === hash);
      if (phone === undefined) return undefined;
      const now = clock.now();
      if (now - phone.lastSeen >= LAST_SEEN_STEP_MS) {
        phone.lastSeen = now;
        save('coalesced');
      }
      return view(phone);
    },
    list: () => phones.map(view),
    remove: (id) => drop(phones.filter((p) => p.id === id))[0],
    removeOf: (memberKey) => drop(phones.filter((p) => p.memberKey === memberKey)),
  };
}

const DEVICES: readonly [RegExp, string][] = [
  [/iPhone/, 'iPhone'],
  [/iPad/, 'iPad'],
  [/Android/, 'Android'],
  [/Macintosh/, 'Mac'],
  [/Windows/, 'Windows'],
  [/Linux/, 'Linux'],
];
/** In this order: Samsung's and Edge's User-Agents name Chrome too, and Chrome's names Safari. */
const BROWSERS: readonly [RegExp, string][] = [
  [/SamsungBrowser\//, 'Samsung Internet'],
  [/EdgA?\/|EdgiOS\//, 'Edge'],
  [/Firefox\/|FxiOS\//, 'Firefox'],
  [/Chrome\/|CriOS\//, 'Chrome'],
  [/Safari\//, 'Safari'],
];

/** A name for a phone from its browser's User-Agent: "Safari on iPhone", "Chrome on Android"; never the whole string. */
export function phoneName(userAgent: string | undefined): string {
  const ua = userAgent ?? '';
  const device = DEVICES.find(([pattern]) => pattern.test(ua))?.[1];
  const browser = BROWSERS.find(([pattern]) => pattern.test(ua))?.[1];
  if (browser !== undefined && device !== undefined) return `${browser} on ${device}`;
  return browser ?? device ?? 'A phone';
}
