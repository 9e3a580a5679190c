/**
 * A tile's picture: its initial while the picture loads, when it fails, or when there is none. The picture is asked
 * only once the tile comes near the screen (a row of fifty asks for the few a phone shows), in the smallest size that
 * covers the tile, with the phone's credential; it is drawn from a blob: URL, let go when the tile goes or its picture
 * changes.
 */
import { useEffect, useRef, useState, type RefObject } from 'react';
import type { ImageView } from '../../../../shared/bridge';
import type { PhoneApi } from '../api/client';
import { pictureFor } from '../pictures';
import { usePhone } from './context';

/** Without IntersectionObserver (no phone the page supports), a tile's side in device pixels is guessed: 136 px at 3×. */
const GUESSED_SIDE = 408;

/** The box's side in device pixels once it is near the screen; undefined before. */
function useNearScreen(box: RefObject<HTMLElement | null>): number | undefined {
  const [side, setSide] = useState<number | undefined>(() => (typeof IntersectionObserver === 'undefined' ? GUESSED_SIDE : undefined));
  useEffect(() => {
    const element = box.current;
    if (element === null || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (!entries.some((entry) => entry.isIntersecting)) return;
        observer.disconnect();
        setSide(Math.ceil(element.clientWidth * (window.devicePixelRatio || 1)));
      },
      // Half a screen ahead: a picture is there by the time a finger scrolls to it.
      { rootMargin: '50% 50%' },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [box]);
  return side;
}

/** A blob: URL of the TV's picture at `path`, revoked when the path changes or the tile goes. */
function usePictureUrl(api: PhoneApi, path: string | undefined): string | undefined {
  const [drawn, setDrawn] = useState<{ path: string; url: string } | undefined>(undefined);
  useEffect(() => {
    if (path === undefined) return;
    let current = true;
    let url: string | undefined;
    void api.picture(path).then((blob) => {
      if (!current || blob === undefined) return;
      url = URL.createObjectURL(blob);
      setDrawn({ path, url });
    });
    return () => {
      current = false;
      if (url !== undefined) URL.revokeObjectURL(url);
    };
  }, [api, path]);
  return drawn !== undefined && drawn.path === path ? drawn.url : undefined;
}

export function Art({ images, title }: { images: readonly ImageView[]; title: string }) {
  const { api } = usePhone();
  const box = useRef<HTMLSpanElement>(null);
  const side = useNearScreen(box);
  const source = side === undefined ? undefined : pictureFor(images, side);
  const fetched = usePictureUrl(api, source !== undefined && 'path' in source ? source.path : undefined);
  const src = source !== undefined && 'data' in source ? source.data : fetched;
  // A picture the browser cannot draw (not one after all) leaves the initial.
  const [broken, setBroken] = useState<string | undefined>(undefined);
  return (
    <span className="art" aria-hidden="true" ref={box}>
      {src !== undefined && src !== broken ? (
        <img src={src} alt="" decoding="async" onError={() => setBroken(src)} />
      ) : (
        <span className="initial">{Array.from(title)[0] ?? ''}</span>
      )}
    </span>
  );
}
