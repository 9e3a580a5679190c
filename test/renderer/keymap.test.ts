// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { IntentHub, attachKeyboard } from '../../renderer/src/input/intents';
import { RepeatThrottle, intentForKey, type UiIntent } from '../../renderer/src/input/keymap';

describe('remote key map', () => {
  const cases: [string, { key?: string; keyCode?: number; code?: string }, UiIntent][] = [
    ['ArrowUp', { key: 'ArrowUp' }, 'up'],
    ['ArrowDown', { key: 'ArrowDown' }, 'down'],
    ['ArrowLeft', { key: 'ArrowLeft' }, 'left'],
    ['ArrowRight', { key: 'ArrowRight' }, 'right'],
    ['keyCode 37', { keyCode: 37 }, 'left'],
    ['keyCode 38', { keyCode: 38 }, 'up'],
    ['keyCode 39', { keyCode: 39 }, 'right'],
    ['keyCode 40', { keyCode: 40 }, 'down'],
    ['Enter', { key: 'Enter' }, 'select'],
    ['keyCode 13', { keyCode: 13 }, 'select'],
    ['NumpadEnter', { key: 'Enter', code: 'NumpadEnter' }, 'select'],
    ['NumpadEnter code only', { code: 'NumpadEnter' }, 'select'],
    ['Escape', { key: 'Escape' }, 'back'],
    ['Backspace', { key: 'Backspace' }, 'back'],
    ['BrowserBack', { key: 'BrowserBack' }, 'back'],
    ['GoBack', { key: 'GoBack' }, 'back'],
    ['Tizen Return 10009', { keyCode: 10009 }, 'back'],
    ['webOS Back 461', { keyCode: 461 }, 'back'],
    ['keyCode 8', { keyCode: 8 }, 'back'],
    ['MediaPlayPause', { key: 'MediaPlayPause' }, 'play-pause'],
    ['keyCode 415', { keyCode: 415 }, 'play-pause'],
    ['keyCode 19', { keyCode: 19 }, 'play-pause'],
    ['Tizen MediaPlayPause 10252', { keyCode: 10252 }, 'play-pause'],
    ['Info', { key: 'Info' }, 'info'],
    ['F1', { key: 'F1' }, 'info'],
    ['Tizen Info 457', { keyCode: 457 }, 'info'],
  ];
  it.each(cases)('%s becomes %s', (_name, event, intent) => {
    expect(intentForKey(event)).toBe(intent);
  });

  it('ignores keys it does not know', () => {
    expect(intentForKey({ key: 'a', keyCode: 65 })).toBeUndefined();
  });

  it('keeps Backspace as a delete key in a text field, and Escape still goes back there', () => {
    const input = document.createElement('input');
    input.type = 'text';
    expect(intentForKey({ key: 'Backspace', keyCode: 8, target: input })).toBeUndefined();
    expect(intentForKey({ key: 'Escape', target: input })).toBe('back');
    const button = document.createElement('button');
    expect(intentForKey({ key: 'Backspace', keyCode: 8, target: button })).toBe('back');
  });
});

describe('held keys', () => {
  it('lets a repeat through only after the minimum interval; a fresh press always passes', () => {
    const throttle = new RepeatThrottle(80);
    expect(throttle.accept('down', false, 0)).toBe(true);
    expect(throttle.accept('down', true, 30)).toBe(false);
    expect(throttle.accept('down', true, 79)).toBe(false);
    expect(throttle.accept('down', true, 80)).toBe(true);
    expect(throttle.accept('down', true, 100)).toBe(false);
    throttle.release('down');
    expect(throttle.accept('down', false, 101)).toBe(true);
  });

  let detach: (() => void) | undefined;
  afterEach(() => detach?.());

  it('throttles keyboard auto-repeat before the intents reach anyone', () => {
    const hub = new IntentHub();
    const seen: string[] = [];
    hub.setSink({ keyDown: (key) => seen.push(key), keyUp: () => undefined });
    let clock = 0;
    detach = attachKeyboard(window, hub, () => clock, 80);
    const down = (repeat: boolean): void => {
      window.dispatchEvent(new KeyboardEvent('keydown', { key: 'ArrowDown', repeat, cancelable: true }));
    };
    down(false);
    for (clock = 10; clock < 200; clock += 10) down(true);
    // 0 (press), then repeats at 80 and 160.
    expect(seen).toEqual(['down', 'down', 'down']);
  });

  it('sends Back and play-pause to the innermost handler only', () => {
    const hub = new IntentHub();
    const got: string[] = [];
    hub.on('back', () => got.push('screen'));
    const off = hub.on('back', () => got.push('dialog'));
    hub.dispatch('back');
    off();
    hub.dispatch('back');
    expect(got).toEqual(['dialog', 'screen']);
  });
});
