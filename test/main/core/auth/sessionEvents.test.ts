import { describe, expect, it, vi } from 'vitest';
import { SessionEvents } from '../../../../main/core/auth/sessionEvents';
import type { Logger } from '../../../../main/core/ports';

const logger = (): Logger & { logged: string[] } => {
  const logged: string[] = [];
  const note = (message: string): void => void logged.push(message);
  return { logged, info: note, warn: note, error: note };
};

describe('the session’s news', () => {
  it('holds the state it last told, and a listener that throws does not keep it from the others', () => {
    const log = logger();
    const events = new SessionEvents(log);
    expect(events.state).toEqual({ status: 'starting' });
    const heard: string[] = [];
    events.subscribe(() => {
      throw new Error('a broken screen');
    });
    const stop = events.subscribe((state) => heard.push(state.status));
    events.set({ status: 'choosing' });
    expect(events.state).toEqual({ status: 'choosing' });
    expect(heard).toEqual(['choosing']);
    expect(log.logged).toHaveLength(1);
    stop();
    events.set({ status: 'starting' });
    expect(heard).toEqual(['choosing']);
  });

  it('tells the guest leaving to its own listeners, a throwing one logged, and nobody after clear', () => {
    const log = logger();
    const events = new SessionEvents(log);
    const left = vi.fn();
    const household = vi.fn();
    events.onGuestLeft(() => {
      throw new Error('a broken listener');
    });
    events.onGuestLeft(left);
    events.onHouseholdChange(household);
    events.guestLeft();
    expect(left).toHaveBeenCalledTimes(1);
    expect(household).not.toHaveBeenCalled();
    expect(log.logged).toHaveLength(1);
    events.clear();
    events.guestLeft();
    expect(left).toHaveBeenCalledTimes(1);
  });

  it('tells household listeners apart from state listeners, and nobody after clear', () => {
    const events = new SessionEvents(logger());
    const household = vi.fn();
    const state = vi.fn();
    events.onHouseholdChange(household);
    events.subscribe(state);
    events.householdChanged();
    expect(household).toHaveBeenCalledTimes(1);
    expect(state).not.toHaveBeenCalled();
    events.clear();
    events.householdChanged();
    events.set({ status: 'choosing' });
    expect(household).toHaveBeenCalledTimes(1);
    expect(state).not.toHaveBeenCalled();
  });
});
