import { memo, useEffect, useRef, useState } from 'react';
import type { ImageView } from '../../../shared/bridge';
import { pickImage } from '../../../shared/images';
import { useOnReconnect } from '../store/reconnects';
import './Artwork.css';

/** Steps of the placeholder's hue: one class each in Artwork.css (`art-hue-0` … `art-hue-23`). */
export const HUE_STEPS = 24;

/**
 * The placeholder's colour, from the title: which of the HUE_STEPS hues. A class, not an inline style: the page's
 * policy (style-src 'self') ignores style attributes in markup, and the first screen the kiosk shell draws is markup.
 */
export function hueStep(text: string): number {
  let h = 0;
  for (let i = 0; i < text.length; i++) h = (h * 31 + text.charCodeAt(i)) % 360;
  return Math.floor((h * HUE_STEPS) / 360);
}

/**
 * Every artwork box's width, from one ResizeObserver: its sizes arrive after the browser's own layout, batched, where
 * measuring each box as it mounted forced a layout per picture (and, rows off screen being skipped, one per row) in
 * the same task as Home's first render, holding the first paint back by a few hundred milliseconds (bench: warm start).
 *
 * A box is watched until it has a width, then again only when the window changes size: artwork is sized from the
 * window (rem), and nothing else moves it. A box watched for good is checked in every frame that lays anything out,
 * and Home has a hundred of them, so every remote press paid for them all (bench: remote press → focus painted).
 * A box not laid out yet (a row off screen, skipped) has no width and stays watched until it has one.
 */
const widthListeners = new Map<Element, (width: number) => void>();
let sharedObserver: ResizeObserver | undefined;

function watchAgainOnResize(): void {
  for (const node of widthListeners.keys()) sharedObserver?.observe(node);
}

export function observeWidth(node: Element, onWidth: (width: number) => void): () => void {
  if (typeof ResizeObserver === 'undefined') {
    // No observer (test DOMs): one measurement after mounting.
    onWidth(node.getBoundingClientRect().width);
    return () => undefined;
  }
  if (sharedObserver === undefined) {
    sharedObserver = new ResizeObserver((entries) => {
      for (const entry of entries) {
        const width = entry.contentRect.width;
        widthListeners.get(entry.target)?.(width);
        if (width > 0) sharedObserver?.unobserve(entry.target);
      }
    });
    window.addEventListener('resize', watchAgainOnResize);
  }
  widthListeners.set(node, onWidth);
  sharedObserver.observe(node);
  return () => {
    widthListeners.delete(node);
    sharedObserver?.unobserve(node);
  };
}

/**
 * Artwork at the smallest size that stays sharp where it is drawn, over a placeholder (a gradient and the title's
 * first letter) that it covers when it arrives. Its arrival changes nothing but the picture's own pixels: no state,
 * no class, no element removed, so a picture landing while the remote moves along a row costs that press no style or
 * layout pass (bench: remote press → focus painted). Memoised so a tile that gains or loses focus does not render its
 * picture again.
 */
export const Artwork = memo(function Artwork({ images, title, className }: { images: readonly ImageView[]; title: string; className?: string }) {
  const box = useRef<HTMLDivElement>(null);
  const [width, setWidth] = useState(0);
  const [failed, setFailed] = useState(false);
  // A picture that failed (the service away) is drawn again once the service is back, not left a letter for good.
  useOnReconnect(failed ? () => setFailed(false) : undefined);

  useEffect(() => {
    const node = box.current;
    if (node === null) return undefined;
    return observeWidth(node, setWidth);
  }, []);

  // Nothing is fetched until the box is measured, so a too-small image is never downloaded first. The picture is asked
  // for as soon as it is rendered, not lazily: what is rendered is already bounded (a box off screen in a skipped row
  // has no width; rows and grids draw only a few tiles beyond the focused one). A lazy picture was asked for by the
  // browser's own visibility check at the end of the next frame, which is usually the frame answering a remote press,
  // and starting its request there made those presses the slowest of a walk along Home (bench: remote press → focus
  // painted); rendered after a measurement or in idle time, it is asked for outside a press.
  const image = width > 0 ? pickImage(images, width, window.devicePixelRatio || 1) : undefined;
  const initial = Array.from(title.trim())[0] ?? '♪';
  return (
    <div ref={box} className={`art art-hue-${hueStep(title)} ${className ?? ''}`}>
      {/* Drawn from an attribute, not a text node: the letter is decoration, and as text it ran into the tile's visible
          name ("SSummer"), which then no longer matched the tile's accessible name (WCAG 2.5.3). */}
      <span className="art-initial" aria-hidden="true" data-initial={initial} />
      {image !== undefined && !failed && (
        <img
          src={image.url}
          alt=""
          decoding="async"
          onError={() => setFailed(true)}
        />
      )}
    </div>
  );
});
