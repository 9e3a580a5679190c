/**
 * Browsing the TV's catalog on the phone: Home's rows, a tile's detail, a track. Each opened view goes on a stack;
 * an opened view puts focus on its heading (so a screen reader says where it is), and Back returns to the view before
 * with focus where it was.
 */
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Detail } from './Detail';
import { Home } from './Home';
import { TrackPanel } from './TrackList';
import type { BrowseView } from './views';

export function Browse() {
  const { t } = useTranslation();
  const [stack, setStack] = useState<BrowseView[]>([]);
  // Not Array.prototype.at: Safari before 15.4 has none.
  const top: BrowseView | undefined = stack[stack.length - 1];
  /** Where focus was when each view on the stack opened: Back puts it there again. */
  const cameFrom = useRef<Array<Element | null>>([]);
  const returning = useRef<Element | null>(null);

  useEffect(() => {
    const to = returning.current;
    returning.current = null;
    if (to instanceof HTMLElement && to.isConnected) to.focus();
  }, [stack]);

  const open = (view: BrowseView): void => {
    cameFrom.current.push(document.activeElement);
    setStack((s) => [...s, view]);
    window.scrollTo({ top: 0 });
  };
  const back = (): void => {
    returning.current = cameFrom.current.pop() ?? null;
    setStack((s) => s.slice(0, -1));
  };

  return (
    <>
      {top !== undefined ? (
        <button type="button" className="back" onClick={back}>
          <span aria-hidden="true">‹ </span>
          {t('common.back')}
        </button>
      ) : null}
      <div hidden={top !== undefined}>
        <Home open={open} />
      </div>
      {top?.kind === 'detail' ? <Detail key={`${stack.length}:${top.ref.kind}/${top.ref.id}`} reference={top.ref} open={open} /> : null}
      {top?.kind === 'track' ? <TrackPanel key={`${stack.length}:${top.track.id}`} track={top.track} within={top.in} /> : null}
    </>
  );
}
