import { FocusContext, getCurrentFocusKey, setFocus, useFocusable } from '@noriginmedia/norigin-spatial-navigation';
import { useCallback, useEffect, useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { MemberView, RowId, TileView } from '../../../shared/bridge';
import { Artwork } from '../components/Artwork';
import { FocusButton } from '../components/FocusButton';
import { LeaveOnBack } from '../components/LeaveDialog';
import { Row, tileFocusKey, type RowBody } from '../components/Row';
import { useNow } from '../components/useNow';
import { focusIsLost, listNavigation } from '../input/navigation';
import type { RowSlot } from '../store/appStore';
import { useApp, useNav, useTunewall } from '../store/context';

export const SETTINGS_KEY = 'home-settings';

interface VisualRow {
  key: string;
  title: string;
  body: RowBody;
  source: RowId;
}

/** Home's rows, top to bottom. */
export function rowIdsFor(member: boolean): RowId[] {
  const ids: RowId[] = ['charts', 'mood-stations', 'genre-stations'];
  if (member) ids.push('favorites', 'collected-playlists');
  return ids;
}

function bodyOf(slot: RowSlot | undefined): RowBody {
  if (slot === undefined || slot.status === 'loading') return { status: 'loading' };
  if (slot.status === 'error') return { status: 'error', error: slot.error };
  return { status: 'ready', tiles: slot.row.tiles };
}

/** Genre stations become one row per category, in the order the categories first appear. */
function visualRows(ids: RowId[], rows: Partial<Record<RowId, RowSlot>>, title: (id: RowId) => string): VisualRow[] {
  const out: VisualRow[] = [];
  for (const id of ids) {
    const slot = rows[id];
    if (id === 'genre-stations' && slot?.status === 'ready' && slot.row.tiles.some((tile) => tile.group !== undefined)) {
      const groups = new Map<string, TileView[]>();
      for (const tile of slot.row.tiles) {
        const group = tile.group ?? title(id);
        const list = groups.get(group) ?? [];
        list.push(tile);
        groups.set(group, list);
      }
      for (const [group, tiles] of groups) {
        out.push({ key: `${id}:${group}`, title: `${title(id)} · ${group}`, body: { status: 'ready', tiles }, source: id });
      }
      continue;
    }
    out.push({ key: id, title: title(id), body: bodyOf(slot), source: id });
  }
  return out;
}

function HomeHeader({ member, guest }: { member: MemberView | undefined; guest: boolean }) {
  const { t, i18n } = useTranslation();
  const { nav } = useTunewall();
  const territory = useApp((s) => s.state?.territory);
  const now = useNow(15_000);
  const time = new Intl.DateTimeFormat(i18n.language, { hour: 'numeric', minute: '2-digit' }).format(now);
  const name = guest || member === undefined ? t('home.guest') : member.name;
  return (
    <header className="home-header">
      <div className="brand" aria-label={t('app.name')}>
        <span className="brand-mark" aria-hidden="true">♪</span>
        Tunewall
      </div>
      <div className="header-right">
        <div className="member">
          {member?.image !== undefined ? (
            <Artwork images={[member.image]} title={name} className="avatar" />
          ) : (
            <span className="avatar avatar-empty" aria-hidden="true">{Array.from(name)[0]}</span>
          )}
          <span className="member-name">{name}</span>
        </div>
        {territory !== undefined && <span className="territory-chip">{territory}</span>}
        <time className="clock" dateTime={new Date(now).toISOString()}>{time}</time>
        <FocusButton
          focusKey={SETTINGS_KEY}
          className="btn-icon"
          label={t('home.settings')}
          onSelect={() => nav.getState().push({ name: 'settings' }, SETTINGS_KEY)}
        >
          <svg viewBox="0 0 24 24" aria-hidden="true" className="gear">
            <path d="M19.4 13a7.5 7.5 0 0 0 0-2l2.1-1.6-2-3.5-2.5 1a7.6 7.6 0 0 0-1.7-1L15 3h-4l-.4 2.9a7.6 7.6 0 0 0-1.7 1l-2.5-1-2 3.5L6.6 11a7.5 7.5 0 0 0 0 2l-2.1 1.6 2 3.5 2.5-1a7.6 7.6 0 0 0 1.7 1L11 21h4l.4-2.9a7.6 7.6 0 0 0 1.7-1l2.5 1 2-3.5zM13 15.5a3.5 3.5 0 1 1 0-7 3.5 3.5 0 0 1 0 7z" fill="currentColor" />
          </svg>
        </FocusButton>
      </div>
    </header>
  );
}

export function Home() {
  const { t } = useTranslation();
  const { nav, app } = useTunewall();
  const auth = useApp((s) => s.state?.auth);
  const rows = useApp((s) => s.rows);
  const remembered = useNav((s) => s.stack[s.stack.length - 1]?.focusKey);
  const member = auth?.status === 'signed-in' && auth.mode === 'member';
  const ids = useMemo(() => rowIdsFor(member), [member]);
  const list = useMemo(() => visualRows(ids, rows, (id) => t(`home.rows.${id}`)), [ids, rows, t]);

  // Up and down go from Settings through the rows in screen order, passing over rows with nothing to focus yet.
  const order = useMemo(
    () => [
      SETTINGS_KEY,
      ...list
        .filter((row) => row.body.status === 'error' || (row.body.status === 'ready' && row.body.tiles.length > 0))
        .map((row) => `row:${row.key}`),
    ],
    [list],
  );
  const resolver = useMemo(() => listNavigation('vertical', () => order), [order]);
  const { ref, focusKey } = useFocusable({
    focusKey: 'home',
    trackChildren: true,
    nextFocusResolver: resolver,
    measureChildrenLayout: false,
  });

  // Load every row the first time it is shown (and after a territory or account change cleared them).
  useEffect(() => {
    for (const id of ids) if (app.getState().rows[id] === undefined) void app.getState().loadRow(id);
  }, [ids, rows, app]);

  // The first tile in screen order: rows answer in any order, and focus must not land on a lower row just because it
  // answered first, so a row above that is still loading keeps the choice open.
  let firstTile: string | undefined;
  for (const row of list) {
    if (row.body.status === 'loading') break;
    if (row.body.status === 'ready' && row.body.tiles[0] !== undefined) {
      firstTile = tileFocusKey(row.key, row.body.tiles[0].key);
      break;
    }
  }
  // Where focus goes when it is nowhere: the first tile, else a retry button, else Settings.
  const failedRow = list.find((row) => row.body.status === 'error')?.key;
  const fallback = firstTile ?? (failedRow !== undefined ? `retry:${failedRow}` : SETTINGS_KEY);

  const restored = useRef(false);
  useEffect(() => {
    if (!restored.current && remembered !== undefined) {
      restored.current = true;
      void setFocus(remembered);
      return;
    }
    const current = getCurrentFocusKey();
    // Move from the header to the first tile once it appears, unless the person already went somewhere.
    if (focusIsLost() || (current === SETTINGS_KEY && firstTile !== undefined && !restored.current)) {
      if (firstTile !== undefined) restored.current = true;
      void setFocus(fallback);
    }
  }, [remembered, firstTile, fallback]);

  const open = useCallback(
    (tile: TileView, from: string) => {
      if (tile.ref !== undefined) nav.getState().push({ name: 'detail', ref: tile.ref, title: tile.title }, from);
    },
    [nav],
  );

  const retry = useCallback((source: RowId) => void app.getState().loadRow(source), [app]);

  return (
    <FocusContext.Provider value={focusKey}>
      <main ref={ref} className="screen home">
        <HomeHeader member={auth?.status === 'signed-in' ? auth.member : undefined} guest={!member} />
        <div className="rows">
          {list.map((row) => (
            <Row
              key={row.key}
              rowKey={row.key}
              source={row.source}
              title={row.title}
              body={row.body}
              onSelect={open}
              onRetry={retry}
              restoreKey={remembered}
            />
          ))}
        </div>
        <LeaveOnBack />
      </main>
    </FocusContext.Provider>
  );
}
