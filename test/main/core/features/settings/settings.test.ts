import { describe, expect, it } from 'vitest';
import { createSettings, memberView } from '../../../../../main/core/features/settings/settings';
import { MemoryStore, memoryLogger } from '../../support/fakes';

function setup(store = new MemoryStore()) {
  let changed = 0;
  const settings = createSettings({
    store,
    logger: memoryLogger(),
    defaults: { territory: 'SG', language: 'auto', textSize: 125, highContrast: false },
    changed: () => (changed += 1),
  });
  return { settings, store, changed: () => changed };
}

const member = { id: 'member-hanako', name: '佐藤花音', territory: 'JP' as const };

describe('settings', () => {
  it('the territory is the viewer’s choice, else the member’s, else the configured one', async () => {
    const { settings } = setup();
    expect(settings.territory()).toBe('SG');
    settings.setMember(member);
    expect(settings.territory()).toBe('JP');
    await settings.handlers.setTerritory('HK');
    expect(settings.territory()).toBe('HK');
  });

  it('keeps the choices and the member across a restart', async () => {
    const first = setup();
    await first.settings.handlers.setTerritory('MY');
    await first.settings.handlers.setLanguage('ja');
    first.settings.setMember(member);
    const second = setup(first.store);
    expect(second.settings.territory()).toBe('MY');
    expect(second.settings.language()).toBe('ja');
    expect(second.settings.member()).toEqual(member);
  });

  it('shows a member stored with one picture size (as earlier versions kept it) with that picture', () => {
    const store = new MemoryStore();
    const image = { url: 'https://img.example/u/180x180.jpg', width: 180, height: 180 };
    store.set('member', { ...member, image });
    const stored = setup(store).settings.member();
    expect(stored).toBeDefined();
    if (stored !== undefined) expect(memberView(stored).images).toEqual([image]);
  });

  it('tells what keeps per-territory state, and the screen, when the territory changes', async () => {
    const { settings, changed } = setup();
    const switches: string[] = [];
    settings.onTerritoryChange(() => switches.push(settings.territory()));
    expect(await settings.handlers.setTerritory('JP')).toEqual({ ok: true, value: undefined });
    expect(switches).toEqual(['JP']);
    expect(changed()).toBe(1);
  });

  it('refuses an unknown territory and ignores an unknown language, changing nothing', async () => {
    const { settings, store, changed } = setup();
    const result = await settings.handlers.setTerritory('XX' as never);
    expect(result).toMatchObject({ ok: false, error: { retryable: false } });
    await settings.handlers.setLanguage('klingon' as never);
    expect(settings.territory()).toBe('SG');
    expect(settings.language()).toBe('auto');
    expect(store.data.has('settings')).toBe(false);
    expect(changed()).toBe(0);
  });

  it('voice guidance: the viewer’s choice, else the configuration’s, else on exactly when a screen reader runs', async () => {
    let reader = false;
    const make = (store: MemoryStore, configured: boolean | undefined) =>
      createSettings({
        store,
        logger: memoryLogger(),
        defaults: { territory: 'TW', language: 'auto', voiceGuidance: configured, textSize: 100, highContrast: false },
        screenReader: () => reader,
        changed: () => undefined,
      });
    const store = new MemoryStore();
    expect(make(store, undefined).voiceGuidance()).toBe(false);
    reader = true;
    expect(make(store, undefined).voiceGuidance()).toBe(true);
    expect(make(store, false).voiceGuidance()).toBe(false);
    await make(store, false).handlers.setVoiceGuidance(true);
    reader = false;
    // Kept across a restart, over the configuration.
    expect(make(store, false).voiceGuidance()).toBe(true);
    await make(store, undefined).handlers.setVoiceGuidance('yes' as never);
    expect(make(store, false).voiceGuidance()).toBe(true);
  });

  it('text size and contrast are the configured ones until the viewer changes them, and are kept across a restart', async () => {
    const first = setup();
    expect(first.settings.display()).toEqual({ textSize: 125, highContrast: false });
    await first.settings.handlers.setDisplay({ highContrast: true });
    expect(first.settings.display()).toEqual({ textSize: 125, highContrast: true });
    await first.settings.handlers.setDisplay({ textSize: 150 });
    expect(first.changed()).toBe(2);
    expect(setup(first.store).settings.display()).toEqual({ textSize: 150, highContrast: true });
  });

  it('ignores a text size it does not offer, changing nothing', async () => {
    const { settings, store, changed } = setup();
    await settings.handlers.setDisplay({ textSize: 175 as never });
    await settings.handlers.setDisplay({ highContrast: 'yes' as never });
    expect(settings.display()).toEqual({ textSize: 125, highContrast: false });
    expect(store.data.has('settings')).toBe(false);
    expect(changed()).toBe(0);
  });

  it('forgets the member, in memory and in the store', () => {
    const { settings, store } = setup();
    settings.setMember(member);
    settings.forgetMember();
    expect(settings.member()).toBeUndefined();
    expect(store.data.has('member')).toBe(false);
  });
});
