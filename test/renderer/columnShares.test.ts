import { describe, expect, it } from 'vitest';
import type { TrackView } from '../../shared/bridge';
import { textWidth, trackColumnsTemplate } from '../../renderer/src/screens/detail/columnShares';

const track = (name: string, artist: string, album: string): TrackView => ({ id: name, name, artist, album, durationMs: 1, explicit: false, url: '' });

describe('track list columns', () => {
  it('long album names and short titles: the album column gets the room', () => {
    const template = trackColumnsTemplate([track('Rain', 'Leo', 'The Complete Anniversary Collection Vol. 2'), track('Sun', 'Mia', 'Songs From The Long Road Home')], 'all');
    const [, title, , album] = template.split(' minmax(0, ').map((part) => parseFloat(part));
    expect(album).toBeGreaterThan(2 * (title ?? 0));
  });

  it('CJK characters count twice; albums leave out their own column', () => {
    expect(textWidth('週間ランキング')).toBe(14);
    expect(trackColumnsTemplate([track('Song', 'Artist', 'Album')], 'no-album').match(/minmax/g)).toHaveLength(2);
  });
});
