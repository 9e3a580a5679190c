import { memo, useEffect, useRef, useState } from 'react';
import type { ImageView } from '../../../shared/bridge';
import { pickImage } from '../../../shared/images';
import { useApp, useTunewall } from '../store/context';
import { useOnReconnect } from '../store/reconnects';
import { Artwork, observeWidth } from './Artwork';
import './StationMosaic.css';

const nearListeners = new Map<Element, () => void>();
let nearObserver: IntersectionObserver | undefined;

/**
 * Calls `onNear` once `node` comes within half a screen of being seen, in any scroller it sits in (`scrollMargin`
 * reaches into Home's rows, which scroll sideways inside a page that scrolls down). Without an observer (test DOMs),
 * at once.
 */
function whenNear(node: Element, onNear: () => void): () => void {
  if (typeof IntersectionObserver === 'undefined') {
    onNear();
    return () => undefined;
  }
  const init: IntersectionObserverInit & { scrollMargin?: string } = { rootMargin: '50%', scrollMargin: '50%' };
  nearObserver ??= new IntersectionObserver((entries) => {
    for (const entry of entries) {
      if (!entry.isIntersecting) continue;
      const listener = nearListeners.get(entry.target);
      nearListeners.delete(entry.target);
      nearObserver?.unobserve(entry.target);
      listener?.();
    }
  }, init);
  nearListeners.set(node, onNear);
  nearObserver.observe(node);
  return () => {
    nearListeners.delete(node);
    nearObserver?.unobserve(node);
  };
}

function MosaicCells({ images, title, className }: { images: ImageView[]; title: string; className: string }) {
  const box = useRef<HTMLDivElement>(null);
  const [width, setWidth] = useState(0);
  // Pictures that failed (the service away) are drawn again, as new elements, once it is back.
  const [failed, setFailed] = useState(false);
  const [attempt, setAttempt] = useState(0);
  useOnReconnect(
    failed
      ? () => {
          setFailed(false);
          setAttempt((n) => n + 1);
        }
      : undefined,
  );
  useEffect(() => {
    const node = box.current;
    return node === null ? undefined : observeWidth(node, setWidth);
  }, []);
  const cells = images.slice(0, 4);
  return (
    <div ref={box} className={`art art-mosaic ${className}`} role="img" aria-label={title}>
      {width > 0 &&
        cells.map((cell, i) => {
          const image = pickImage([cell], width / 2, window.devicePixelRatio || 1);
          return image === undefined ? null : <img key={`${attempt}:${i}`} src={image.url} alt="" decoding="async" onError={() => setFailed(true)} />;
        })}
    </div>
  );
}

/**
 * A genre station's picture: a 2×2 mosaic of the album art of its first tracks, asked for as the tile comes near the
 * screen. The letter placeholder stays while it loads, until the service is back when it did not load, and for good when
 * the station has no art; with fewer than four pictures, the first one alone.
 */
export const StationMosaic = memo(function StationMosaic({ stationId, title, className }: { stationId: string; title: string; className?: string }) {
  const { stationArt } = useTunewall();
  const territory = useApp((s) => s.state?.territory);
  const key = `${territory ?? ''}:${stationId}`;
  const [arrived, setArrived] = useState<{ key: string; images: ImageView[] | undefined } | undefined>(undefined);
  const failed = arrived?.key === key && arrived.images === undefined;
  const images = arrived?.key === key ? (arrived.images ?? []) : stationArt.cached(territory, stationId);
  const known = images !== undefined;
  const slot = useRef<HTMLDivElement>(null);
  // Art that did not load (the service away) is asked for again once the service is back.
  useOnReconnect(failed ? () => setArrived(undefined) : undefined);

  useEffect(() => {
    const node = slot.current;
    if (known || failed || node === null) return undefined;
    let live = true;
    const stop = whenNear(node, () => {
      void stationArt.load(territory, stationId).then((found) => live && setArrived({ key, images: found }));
    });
    return () => {
      live = false;
      stop();
    };
  }, [stationArt, territory, stationId, key, known, failed]);

  const classes = className ?? '';
  const single = images?.[0];
  return (
    <div ref={slot} className="station-art" data-art={images === undefined ? 'loading' : images.length >= 4 ? 'mosaic' : single === undefined ? 'none' : 'single'}>
      {images !== undefined && images.length >= 4 ? (
        <MosaicCells images={images} title={title} className={classes} />
      ) : (
        <Artwork images={single === undefined ? [] : [single]} title={title} className={classes} />
      )}
    </div>
  );
});
