/**
 * The viewer's settings: territory, language, text size and contrast (kept in the store), and the signed-in member as last read from the
 * service, whose territory is the default once paired. A setting the configuration gave is the fallback.
 */
import { z } from 'zod';
import type { BridgeHandlers, DisplaySettings, LanguageSetting, MemberView } from '../../../../shared/bridge';
import { DisplayPatchSchema, LanguageSettingSchema, TextSizeSchema } from '../../../../shared/bridgeArgs';
import { TerritorySchema, type Territory } from '../../../../shared/territory';
import type { KeyValueStore, Logger } from '../../ports';
import { badArgument } from '../results';
import { readStored } from './stored';

const SETTINGS_KEY = 'settings';
const MEMBER_KEY = 'member';

const SettingsSchema = z.object({
  territory: TerritorySchema.optional(),
  language: LanguageSettingSchema.optional(),
  voiceGuidance: z.boolean().optional(),
  textSize: TextSizeSchema.optional(),
  highContrast: z.boolean().optional(),
});

const ImageSchema = z.object({ url: z.string(), width: z.number(), height: z.number() });

export const StoredMemberSchema = z.object({
  id: z.string(),
  name: z.string(),
  /** Every size the service has of the member's picture: the screen draws the smallest that stays sharp. */
  images: z.array(ImageSchema).optional(),
  /** One size only, as stored before every size was kept; read, never written. */
  image: ImageSchema.optional(),
  territory: TerritorySchema,
});
export type StoredMember = z.infer<typeof StoredMemberSchema>;

export interface SettingsDeps {
  store: KeyValueStore;
  logger: Logger;
  /** What the configuration says, used until the viewer or the member's profile says otherwise. */
  defaults: { territory: Territory; language: LanguageSetting; voiceGuidance?: boolean | undefined } & DisplaySettings;
  /** Whether the platform says a screen reader is running: voice guidance's default when nothing else says. */
  screenReader?: (() => boolean) | undefined;
  /** A setting the screen shows changed. */
  changed: () => void;
  /**
   * The profile of the member on screen, when a household keeps one per member; without it, the one member's
   * profile is kept under its own store key.
   */
  member?: MemberSlot | undefined;
}

/** Where the profile of the member on screen is kept. */
export interface MemberSlot {
  current(): StoredMember | undefined;
  setCurrent(member: StoredMember): void;
  forgetCurrent(): void;
  /**
   * A household's: the territory the member on screen chose (undefined: none, their own /me territory holds). Without
   * it, the one territory in the settings is everyone's.
   */
  chosenTerritory?(): Territory | undefined;
  /** Keeps `territory` as the member on screen's own choice; false when no member is on screen (the guest, nobody). */
  chooseTerritory?(territory: Territory): boolean;
}

export interface Settings {
  territory(): Territory;
  language(): LanguageSetting;
  /** The viewer's choice, else the configuration's, else on exactly when a screen reader is running. */
  voiceGuidance(): boolean;
  display(): DisplaySettings;
  member(): StoredMember | undefined;
  setMember(member: StoredMember): void;
  forgetMember(): void;
  /** Per-territory state elsewhere (cached station tracks, first-load revalidation) is dropped on a switch. */
  onTerritoryChange(listener: () => void): void;
  handlers: Pick<BridgeHandlers, 'setTerritory' | 'setLanguage' | 'setVoiceGuidance' | 'setDisplay'>;
}

export function memberView(member: StoredMember): MemberView {
  const images = member.images ?? (member.image === undefined ? [] : [member.image]);
  return { name: member.name, images, territory: member.territory };
}

export function createSettings(deps: SettingsDeps): Settings {
  const { store, logger } = deps;
  const settings = readStored(store, SETTINGS_KEY, SettingsSchema, logger) ?? {};
  const slot = deps.member ?? singleMemberSlot(store, logger);
  const territoryListeners: Array<() => void> = [];

  return {
    territory: () => {
      const member = slot.current();
      // Territory belongs to a member: theirs unless they chose another, never the one another member chose.
      if (member !== undefined && slot.chosenTerritory !== undefined) return slot.chosenTerritory() ?? member.territory;
      return settings.territory ?? member?.territory ?? deps.defaults.territory;
    },
    language: () => settings.language ?? deps.defaults.language,
    voiceGuidance: () => settings.voiceGuidance ?? deps.defaults.voiceGuidance ?? deps.screenReader?.() ?? false,
    display: () => ({
      textSize: settings.textSize ?? deps.defaults.textSize,
      highContrast: settings.highContrast ?? deps.defaults.highContrast,
    }),
    member: () => slot.current(),
    setMember: (next) => slot.setCurrent(next),
    forgetMember: () => slot.forgetCurrent(),
    onTerritoryChange(listener) {
      territoryListeners.push(listener);
    },
    handlers: {
      setTerritory: async (value) => {
        const parsed = TerritorySchema.safeParse(value);
        if (!parsed.success) return badArgument('territory');
        if (slot.chooseTerritory?.(parsed.data) !== true) {
          settings.territory = parsed.data;
          store.set(SETTINGS_KEY, settings);
        }
        for (const listener of territoryListeners) listener();
        deps.changed();
        return { ok: true, value: undefined };
      },
      setLanguage: async (value) => {
        const parsed = LanguageSettingSchema.safeParse(value);
        if (!parsed.success) return;
        settings.language = parsed.data;
        store.set(SETTINGS_KEY, settings);
        deps.changed();
      },
      setVoiceGuidance: async (value) => {
        if (typeof value !== 'boolean') return;
        settings.voiceGuidance = value;
        store.set(SETTINGS_KEY, settings);
        deps.changed();
      },
      setDisplay: async (value) => {
        const parsed = DisplayPatchSchema.safeParse(value);
        if (!parsed.success) return;
        if (parsed.data.textSize !== undefined) settings.textSize = parsed.data.textSize;
        if (parsed.data.highContrast !== undefined) settings.highContrast = parsed.data.highContrast;
        store.set(SETTINGS_KEY, settings);
        deps.changed();
      },
    },
  };
}

/** The one member's profile, under its own store key. */
function singleMemberSlot(store: KeyValueStore, logger: Logger): MemberSlot {
  let member = readStored(store, MEMBER_KEY, StoredMemberSchema, logger);
  return {
    current: () => member,
    setCurrent(next) {
      member = next;
      store.set(MEMBER_KEY, next);
    },
    forgetCurrent() {
      member = undefined;
      store.delete(MEMBER_KEY);
    },
  };
}
