import type { ImageView } from '../../shared/bridge';

/**
 * The smallest image that stays sharp when drawn `renderedWidth` CSS pixels wide on this screen;
 * the largest one when none is big enough.
 */
export function pickImage(images: readonly ImageView[], renderedWidth: number, devicePixelRatio = 1): ImageView | undefined {
  const needed = Math.ceil(renderedWidth * Math.max(1, devicePixelRatio));
  let best: ImageView | undefined;
  let largest: ImageView | undefined;
  for (const image of images) {
    if (largest === undefined || image.width > largest.width) largest = image;
    if (image.width >= needed && (best === undefined || image.width < best.width)) best = image;
  }
  return best ?? largest;
}
