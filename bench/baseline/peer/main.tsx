/**
 * The conventional peer: Home and a long list built the way the spatial-navigation library's own example app
 * (NoriginMedia/Norigin-Spatial-Navigation, apps/react-demo) builds them. Every tile and every track is a
 * `useFocusable` component with the library's default layout measurement; focus is drawn from the hook's `focused`
 * React state; a row's and the list's `onFocus` scroll the focused item into view with `scrollTo`, as the example
 * does. Same sizes and look as Tunewall's (../grid.css), so only the way a press is handled differs.
 */
import {
  FocusContext,
  init,
  setFocus,
  useFocusable,
  type FocusableComponentLayout,
} from '@noriginmedia/norigin-spatial-navigation';
import { StrictMode, useCallback, useEffect, useRef } from 'react';
import { createRoot } from 'react-dom/client';

init({ distanceCalculationMethod: 'center' });

const params = new URLSearchParams(location.search);
const shape = (params.get('shape') ?? '')
  .split(',')
  .map(Number)
  .filter((n) => n > 0);
const listLength = Number(params.get('list') ?? 0);

const colour = (r: number, c: number): string => `hsl(${(r * 47 + c * 23) % 360} 45% 35%)`;

interface TileProps {
  row: number;
  index: number;
  onFocus: (layout: FocusableComponentLayout) => void;
}

function Tile({ row, index, onFocus }: TileProps) {
  const focusKey = `tile:${row}:${index}`;
  const { ref, focused } = useFocusable<object, HTMLDivElement>({ focusKey, onFocus });
  return (
    <div ref={ref} className={focused ? 'tile is-focused' : 'tile'} data-focus-key={focusKey}>
      <div className="art" style={{ background: colour(row, index) }} />
      <div className="tile-title">Tile {index + 1}</div>
    </div>
  );
}

function Row({ row, count, onFocus }: { row: number; count: number; onFocus: (layout: FocusableComponentLayout) => void }) {
  const { ref, focusKey } = useFocusable<object, HTMLElement>({ focusKey: `row:${row}`, onFocus });
  const scrolling = useRef<HTMLDivElement>(null);
  const onTileFocus = useCallback(({ x }: FocusableComponentLayout) => {
    scrolling.current?.scrollTo({ left: x, behavior: 'smooth' });
  }, []);
  return (
    <FocusContext.Provider value={focusKey}>
      <section ref={ref} className="row">
        <h2 className="row-title">Row {row + 1}</h2>
        <div ref={scrolling} className="row-track">
          {Array.from({ length: count }, (_, index) => (
            <Tile key={index} row={row} index={index} onFocus={onTileFocus} />
          ))}
        </div>
      </section>
    </FocusContext.Provider>
  );
}

function Home() {
  const { ref, focusKey } = useFocusable<object, HTMLDivElement>({ focusKey: 'home' });
  const onRowFocus = useCallback(({ y }: FocusableComponentLayout) => {
    ref.current?.scrollTo({ top: y, behavior: 'smooth' });
  }, [ref]);
  useEffect(() => {
    setFocus('tile:0:0');
  }, []);
  return (
    <FocusContext.Provider value={focusKey}>
      <main className="screen">
        <div className="header">Peer</div>
        <div ref={ref} className="rows">
          {shape.map((count, row) => (
            <Row key={row} row={row} count={count} onFocus={onRowFocus} />
          ))}
        </div>
      </main>
    </FocusContext.Provider>
  );
}

function Track({ index, onFocus }: { index: number; onFocus: (layout: FocusableComponentLayout) => void }) {
  const focusKey = `track:${index}`;
  const { ref, focused } = useFocusable<object, HTMLDivElement>({ focusKey, onFocus });
  return (
    <div ref={ref} className={focused ? 'track is-focused' : 'track'} data-focus-key={focusKey}>
      <span className="track-n">{index + 1}</span>
      <span>Track {index + 1}</span>
      <span>Artist</span>
      <span>Album</span>
    </div>
  );
}

function List() {
  const { ref, focusKey } = useFocusable<object, HTMLDivElement>({ focusKey: 'list' });
  const onTrackFocus = useCallback(({ y, height }: FocusableComponentLayout) => {
    const list = ref.current;
    if (list) list.scrollTo({ top: y + height / 2 - list.clientHeight / 2, behavior: 'smooth' });
  }, [ref]);
  useEffect(() => {
    setFocus('track:0');
  }, []);
  return (
    <FocusContext.Provider value={focusKey}>
      <main className="screen">
        <div className="header">Peer</div>
        <div ref={ref} className="track-list">
          {Array.from({ length: listLength }, (_, index) => (
            <Track key={index} index={index} onFocus={onTrackFocus} />
          ))}
        </div>
      </main>
    </FocusContext.Provider>
  );
}

const root = document.getElementById('root');
if (root) {
  createRoot(root).render(<StrictMode>{listLength > 0 ? <List /> : <Home />}</StrictMode>);
}
