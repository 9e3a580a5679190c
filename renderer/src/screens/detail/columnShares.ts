import type { TrackView } from '../../../../shared/bridge';
import type { TrackColumns } from './TrackList';

/** A name longer than this (in Latin character widths) is cut anyway: it does not claim more of the row. */
const LONGEST = 36;
/** The least share a column keeps, so a column of short names still reads. */
const LEAST = 6;
const WIDE = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}\u3000-\u303f\uff00-\uffef]/u;

/** How wide a text runs, in Latin character widths: CJK characters count twice. */
export function textWidth(text: string): number {
  let width = 0;
  for (const char of text) width += WIDE.test(char) ? 2 : 1;
  return width;
}

function share(texts: readonly string[]): number {
  if (texts.length === 0) return LEAST;
  const mean = texts.reduce((sum, text) => sum + Math.min(textWidth(text), LONGEST), 0) / texts.length;
  return Math.max(LEAST, Math.round(mean * 10) / 10);
}

/**
 * The track list's grid columns, the text columns sharing the row by how long their names run on the first page of
 * tracks: a list of long album names and short titles gives the album column the room, not a fixed ratio.
 */
export function trackColumnsTemplate(tracks: readonly TrackView[], columns: TrackColumns): string {
  const text = [share(tracks.map((t) => (t.explicit ? `${t.name}  ` : t.name)))];
  if (columns !== 'no-artist') text.push(share(tracks.map((t) => t.artist)));
  if (columns !== 'no-album') text.push(share(tracks.map((t) => t.album)));
  return ['4.5rem', ...text.map((fr) => `minmax(0, ${fr}fr)`), '6rem'].join(' ');
}
