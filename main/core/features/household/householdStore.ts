/**
 * What the household keeps across restarts, beside the vault: each member's profile as last read from /me (by their
 * key on this TV), the child marks and explicit settings, the last one chosen, whether to skip the chooser, and the
 * PIN's hash. Never a token. The one profile an older Tunewall kept (`member`) becomes the first member's.
 */
import { z } from 'zod';
import type { KeyValueStore, Logger } from '../../ports';
import { readStored } from '../settings/stored';
import { StoredMemberSchema, type StoredMember } from '../settings/settings';
import { TerritorySchema } from '../../../../shared/territory';
import { PinHashSchema, type PinHash } from './pin';

const HOUSEHOLD_KEY = 'household';
/** Where a Tunewall of one member kept its profile. */
const SINGLE_MEMBER_KEY = 'member';

const MemberRecordSchema = z.object({
  profile: StoredMemberSchema.optional(),
  child: z.boolean().optional(),
  explicit: z.enum(['show', 'hide']).optional(),
  /** The territory the member chose in Settings; without one, their profile's (from /me). */
  territory: TerritorySchema.optional(),
});
export type MemberRecord = z.infer<typeof MemberRecordSchema>;

const HouseholdSchema = z.object({
  members: z.record(z.string(), MemberRecordSchema),
  guest: z.object({ child: z.boolean().optional(), explicit: z.enum(['show', 'hide']).optional() }).optional(),
  lastChosen: z.string().optional(),
  skipChooser: z.boolean().optional(),
  pin: PinHashSchema.optional(),
});
type HouseholdRecord = z.infer<typeof HouseholdSchema>;

export interface HouseholdStore {
  record(key: string): MemberRecord;
  updateRecord(key: string, patch: Partial<MemberRecord>): void;
  remove(key: string): void;
  guest(): { child: boolean; explicit: 'show' | 'hide' | undefined };
  updateGuest(patch: { child?: boolean; explicit?: 'show' | 'hide' }): void;
  lastChosen(): string | undefined;
  setLastChosen(key: string): void;
  skipChooser(): boolean | undefined;
  setSkipChooser(skip: boolean): void;
  pin(): PinHash | undefined;
  setPin(pin: PinHash): void;
  clearPin(): void;
  /** The key whose profile names the service's member `id`, other than `except`. */
  keyOfMember(id: string, except: string): string | undefined;
  /**
   * The member slot the settings read (the member on screen): their profile, adopting the single profile an older
   * Tunewall kept when the household has none yet.
   */
  current(activeKey: string | undefined): StoredMember | undefined;
}

export function createHouseholdStore(store: KeyValueStore, logger: Logger): HouseholdStore {
  const data: HouseholdRecord = readStored(store, HOUSEHOLD_KEY, HouseholdSchema, logger) ?? { members: {} };
  const save = (): void => {
    try {
      store.set(HOUSEHOLD_KEY, data);
    } catch (error) {
      logger.error('household: could not save', { error: String(error) });
    }
  };

  function adoptSingle(key: string): void {
    if (Object.keys(data.members).length > 0) return;
    const single = readStored(store, SINGLE_MEMBER_KEY, StoredMemberSchema, logger);
    if (single === undefined) return;
    data.members[key] = { profile: single };
    save();
    store.delete(SINGLE_MEMBER_KEY);
  }

  return {
    record: (key) => (Object.hasOwn(data.members, key) ? (data.members[key] ?? {}) : {}),
    updateRecord(key, patch) {
      const before = Object.hasOwn(data.members, key) ? data.members[key] : undefined;
      data.members[key] = { ...before, ...patch };
      save();
    },
    remove(key) {
      if (!Object.hasOwn(data.members, key) && data.lastChosen !== key) return;
      data.members = Object.fromEntries(Object.entries(data.members).filter(([k]) => k !== key));
      if (data.lastChosen === key) delete data.lastChosen;
      save();
    },
    guest: () => ({ child: data.guest?.child === true, explicit: data.guest?.explicit }),
    updateGuest(patch) {
      data.guest = { ...data.guest, ...patch };
      save();
    },
    lastChosen: () => data.lastChosen,
    setLastChosen(key) {
      if (data.lastChosen === key) return;
      data.lastChosen = key;
      save();
    },
    skipChooser: () => data.skipChooser,
    setSkipChooser(skip) {
      data.skipChooser = skip;
      save();
    },
    pin: () => data.pin,
    setPin(pin) {
      data.pin = pin;
      save();
    },
    clearPin() {
      if (data.pin === undefined) return;
      delete data.pin;
      save();
    },
    keyOfMember(id, except) {
      return Object.entries(data.members).find(([key, record]) => key !== except && record.profile?.id === id)?.[0];
    },
    current(activeKey) {
      if (activeKey === undefined) return undefined;
      adoptSingle(activeKey);
      return Object.hasOwn(data.members, activeKey) ? data.members[activeKey]?.profile : undefined;
    },
  };
}
