import { describe, expect, it } from 'vitest';
import { pressToSpeech } from '../../bench/voice';
import type { Spoken } from '../../test/support/speechStandIn';

const said = (askedAt: number, startedAt: number | null): Spoken => ({ text: 't', lang: 'en-US', rate: 1, voice: 'en-US', askedAt, startedAt, cancelledAt: null });

describe('press → utterance started', () => {
  it('takes, for each press that moved focus, the first utterance asked for after it and before the next press', () => {
    const keys = [100, 300, 500, 700];
    const moved = [true, true, false, true];
    const spoken = [said(50, 51), said(160, 170), said(180, 185), said(390, 420), said(720, null)];
    expect(pressToSpeech(keys, moved, spoken)).toEqual({ ms: [70, 120], silent: 1 });
  });

  it('an utterance asked for by the next press is not this press’s', () => {
    expect(pressToSpeech([100, 200], [true, true], [said(210, 230)])).toEqual({ ms: [30], silent: 1 });
  });
});
