/**
 * Which of a view's pictures the phone draws: a data: picture as it is; else the smallest of the TV's sizes (its
 * `/artwork/…` paths, fetched through the companion's API) that still covers a square of `side` device pixels, or the
 * largest when none does. Anything else (an address on another origin) the page's policy would not draw anyway.
 */
import type { ImageView } from '../../../shared/bridge';

export type PictureSource = { data: string } | { path: string };

export const TV_PICTURE = /^\/artwork\/[A-Za-z0-9_-]+$/;

export function pictureFor(images: readonly ImageView[], side: number): PictureSource | undefined {
  const data = images.find((image) => image.url.startsWith('data:image/'));
  if (data !== undefined) return { data: data.url };
  const sizes = images.filter((image) => TV_PICTURE.test(image.url)).sort((a, b) => a.width * a.height - b.width * b.height);
  const picked = sizes.find((image) => image.width >= side && image.height >= side) ?? sizes[sizes.length - 1];
  return picked === undefined ? undefined : { path: picked.url };
}
