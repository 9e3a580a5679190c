import { FocusContext } from '@noriginmedia/norigin-spatial-navigation';
import { useCallback, useMemo, useRef, useState, type RefObject } from 'react';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import type { MemberView, RowId, TileView } from '../../../shared/bridge';
import { Artwork } from '../components/Artwork';
import { FocusButton } from '../components/FocusButton';
import { LeaveOnBack } from '../components/LeaveDialog';
import { Row, tileFocusKey } from '../components/Row';
import { CLOCK, dateFormat } from '../i18n/formats';
import { useNow } from '../components/useNow';
import { usePlayPause, useTrackActions } from '../components/useTrackActions';
import type { RowSlot } from '../store/appStore';
import { useApp, useNav, useTunewall } from '../store/context';
import { onScreenIsChild, rowIdsFor } from './home/rowPlan';
import { useTitlesUnderHeader } from './home/titlesUnderHeader';
import { VisualRows, type RowTexts } from './home/visualRows';
import { PHONE_KEY, PROFILE_KEY, SETTINGS_KEY } from './home/homeKeys';
import { UsePhoneButton } from './home/UsePhoneButton';
import { useHomeFocus } from './home/useHomeFocus';
import { useHomeNavigation } from './home/useHomeNavigation';
import { useRowLoading } from './home/useRowLoading';
import './Home.css';

export { PROFILE_KEY, SETTINGS_KEY };

function HomeHeader({ member, guest, headerRef }: { member: MemberView | undefined; guest: boolean; headerRef: RefObject<HTMLElement | null> }) {
  const { t, i18n } = useTranslation();
  const { nav } = useTunewall();
  const territory = useApp((s) => s.state?.territory);
  const now = useNow(15_000);
  const time = dateFormat(i18n.language, CLOCK).format(now);
  const name = guest || member === undefined ? t('home.guest') : member.name;
  return (
    <header ref={headerRef} className="home-header">
      <div className="brand" aria-label={t('app.name')}>
        <span className="brand-mark" aria-hidden="true">♪</span>
        Tunewall
      </div>
      <div className="header-right" data-spoken-place>
        <FocusButton
          focusKey={PROFILE_KEY}
          className="member"
          label={t('household.switchLabel', { name })}
          onSelect={() => nav.getState().push({ name: 'chooser' }, PROFILE_KEY)}
        >
          {member !== undefined && member.images.length > 0 ? (
            <Artwork images={member.images} title={name} className="avatar" />
          ) : (
            <span className="avatar avatar-empty" aria-hidden="true" data-initial={Array.from(name)[0]} />
          )}
          <span className="member-name">{name}</span>
        </FocusButton>
        {territory !== undefined && <span className="territory-chip">{territory}</span>}
        <time className="clock" dateTime={new Date(now).toISOString()}>{time}</time>
        <UsePhoneButton focusKey={PHONE_KEY} />
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

/** "Updated Nov 20": the day alone within this year, with the year before that. */
function updatedText(t: TFunction, language: string, iso: string): string | undefined {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return undefined;
  const thisYear = date.getFullYear() === new Date().getFullYear();
  const day = dateFormat(language, thisYear ? { month: 'short', day: 'numeric' } : { dateStyle: 'medium' }).format(date);
  return t('detail.updated', { date: day });
}

export function Home() {
  const { t, i18n } = useTranslation();
  const { nav, app } = useTunewall();
  const auth = useApp((s) => s.state?.auth);
  const rows = useApp((s) => s.rows);
  const remembered = useNav((s) => s.stack[s.stack.length - 1]?.focusKey);
  const member = auth?.status === 'signed-in' && auth.mode === 'member';
  const child = useApp((s) => onScreenIsChild(s.state?.household));
  const ids = useMemo(() => rowIdsFor(member, child), [member, child]);
  const [visual] = useState(() => new VisualRows());
  // A new object when the language changes (so does `t`): rows are drawn again in it.
  const texts = useMemo<RowTexts>(
    () => ({ title: (id) => t(`home.rows.${id}`), seeAll: t('home.seeAll'), updated: (iso) => updatedText(t, i18n.language, iso) }),
    [t, i18n.language],
  );
  const list = useMemo(() => visual.list(ids, rows, texts), [visual, ids, rows, texts]);
  const { openPanel, openPhone, overlays } = useTrackActions(undefined);

  const { ref, focusKey } = useHomeNavigation(list);
  const onRowFocused = useRowLoading(app, ids, rows);
  useHomeFocus(list, ids, remembered);

  // A favourite is a track: OK opens its panel; anything else opens its page.
  const open = useCallback(
    (tile: TileView, from: string) => {
      if (tile.track !== undefined) openPanel(tile.track, from);
      else if (tile.ref !== undefined) nav.getState().push({ name: 'detail', ref: tile.ref, title: tile.title }, from);
    },
    [nav, openPanel],
  );
  const favorites = rows.favorites;
  const favoriteAt = useCallback(
    (focusKey: string) =>
      favorites?.status === 'ready' ? favorites.row.tiles.find((tile) => tileFocusKey('favorites', tile.key) === focusKey)?.track : undefined,
    [favorites],
  );
  usePlayPause(favoriteAt, openPhone, undefined);

  const retry = useCallback((source: RowId) => void app.getState().loadRow(source), [app]);
  const rowsRef = useRef<HTMLDivElement>(null);
  const headerRef = useRef<HTMLElement>(null);
  useTitlesUnderHeader(rowsRef, headerRef);

  return (
    <FocusContext.Provider value={focusKey}>
      <main ref={ref} className="screen home">
        <HomeHeader member={auth?.status === 'signed-in' ? auth.member : undefined} guest={!member} headerRef={headerRef} />
        <div ref={rowsRef} className="rows">
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
              onRowFocused={onRowFocused}
              shape={row.source === 'favorites' ? 'track' : 'square'}
              explicitLeftOut={leftOutOf(row.source === undefined ? undefined : rows[row.source])}
            />
          ))}
        </div>
        <LeaveOnBack />
        {overlays}
      </main>
    </FocusContext.Provider>
  );
}

/** Explicit tracks the core left out of a row (only a row of tracks has any). */
function leftOutOf(slot: RowSlot | undefined): number | undefined {
  return slot?.status === 'ready' ? slot.row.explicitLeftOut : undefined;
}
