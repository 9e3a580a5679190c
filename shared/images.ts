/**
 * Choosing among the several sizes of one picture the service sends. Pure, with no Node or DOM imports, so the
 * main process and the renderer share it.
 */
import type { ImageView } from './bridge';

/**
 * The smallest image that is still sharp when drawn `renderedWidthPx` CSS pixels wide at `devicePixelRatio`;
 * the largest one when none is big enough; undefined when there are none. Images of unknown width (0) are
 * chosen only when no other image exists.
 */
export function pickImage(
  images: readonly ImageView[],
  renderedWidthPx: number,
  devicePixelRatio = 1,
): ImageView | undefined {
  const ratio = Number.isFinite(devicePixelRatio) && devicePixelRatio > 0 ? devicePixelRatio : 1;
  const needed = Math.ceil(Math.max(0, renderedWidthPx) * ratio);
  const known = images.filter((image) => image.width > 0);
  if (known.length === 0) return images[0];
  let sharp: ImageView | undefined;
  let largest: ImageView | undefined;
  for (const image of known) {
    if (image.width >= needed && (sharp === undefined || image.width < sharp.width)) sharp = image;
    if (largest === undefined || image.width > largest.width) largest = image;
  }
  return sharp ?? largest;
}
