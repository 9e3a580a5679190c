/** What the phones are told: numbered events, replayed after a reconnection, each only to whose phones may see it. */
import { describe, expect, it } from 'vitest';
import type { SentItem } from '../../../../../shared/companion';
import { KEPT_EVENTS, createCompanionEvents } from '../../../../../main/core/features/companion/events';

const ITEM: SentItem = { kind: 'track', title: '晴天', url: 'https://music.example/track/1', trackId: 't1', images: [] };

describe('companion events', () => {
  it('a reconnecting phone gets what it missed, in order, with their ids', () => {
    const events = createCompanionEvents('run1');
    const first = events.screen({ kind: 'home', scope: 'public' }, 'a');
    events.screen({ kind: 'detail', ref: { kind: 'chart', id: 'c1' }, title: 'Top 100', scope: 'public' }, 'a');
    events.sent('a', { type: 'sent', item: ITEM, sentAt: 5 });
    expect(events.since(first.id, 'a')?.map((e) => [e.id, e.event.type])).toEqual([
      ['run1.2', 'screen'],
      ['run1.3', 'sent'],
    ]);
    expect(events.since('run1.3', 'a')).toEqual([]);
  });

  it('what was sent to a member reaches their phones only; their own screen is told to others by its kind alone', () => {
    const events = createCompanionEvents('run1');
    events.sent('a', { type: 'sent', item: ITEM, sentAt: 5 });
    events.screen({ kind: 'detail', ref: { kind: 'playlist', id: 'mine' }, title: 'My playlist', scope: 'member' }, 'a');
    expect(events.since('run1.0', 'b')).toEqual([{ id: 'run1.2', event: { type: 'screen', screen: { kind: 'detail', scope: 'member' } } }]);
    expect(events.currentScreen('b')).toEqual({ type: 'screen', screen: { kind: 'detail', scope: 'member' } });
    expect(events.currentScreen('a')).toMatchObject({ screen: { title: 'My playlist' } });
  });

  it('an id from another run, from the future or older than the log cannot be replayed', () => {
    const events = createCompanionEvents('run2');
    for (let i = 0; i < KEPT_EVENTS + 5; i += 1) events.screen({ kind: 'home', scope: 'public' }, undefined);
    expect(events.since('run1.3', 'a')).toBeUndefined();
    expect(events.since(`run2.${KEPT_EVENTS + 6}`, 'a')).toBeUndefined();
    expect(events.since('run2.2', 'a')).toBeUndefined();
    expect(events.since('nonsense', 'a')).toBeUndefined();
    expect(events.since('run2.5', 'a')).toHaveLength(KEPT_EVENTS);
  });
});
