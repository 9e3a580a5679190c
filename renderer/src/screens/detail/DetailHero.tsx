import { FocusContext, useFocusable } from '@noriginmedia/norigin-spatial-navigation';
import { useMemo, type ReactNode } from 'react';
import type { DetailRef, ImageView } from '../../../../shared/bridge';
import { Artwork } from '../../components/Artwork';
import { StationMosaic } from '../../components/StationMosaic';
import { listNavigation } from '../../input/navigation';

/** The focus key of the hero's buttons, as one focusable: a screen's navigation goes to it as a whole. */
export const HERO_ACTIONS_KEY = 'detail-actions';

interface Props {
  detailRef: DetailRef;
  title: string;
  images: readonly ImageView[];
  /** What kind of page this is ("Album", "Artist"…), over the title. */
  kind?: string | undefined;
  /** An artist's picture is round. */
  round?: boolean;
  /** Words under the title: description, facts. */
  children?: ReactNode;
  /** The buttons under them, one above the other… */
  actions?: ReactNode;
  /** …with these focus keys, in that order (the remote moves through them by order). */
  actionKeys?: readonly string[];
}

/** The hero's buttons: up and down go from one to the next by order, nothing measured. */
function HeroActions({ keys, children }: { keys: readonly string[]; children: ReactNode }) {
  const resolver = useMemo(() => listNavigation('vertical', () => keys), [keys]);
  const { ref, focusKey } = useFocusable<object, HTMLDivElement>({
    focusKey: HERO_ACTIONS_KEY,
    nextFocusResolver: resolver,
    measureChildrenLayout: false,
    saveLastFocusedChild: true,
    preferredChildFocusKey: keys[0],
  });
  return (
    <FocusContext.Provider value={focusKey}>
      <div ref={ref} className="detail-actions">
        {children}
      </div>
    </FocusContext.Provider>
  );
}

/** The left column of a detail screen: its picture, title, facts and actions. */
export function DetailHero({ detailRef, title, images, kind, round = false, children, actions, actionKeys = [] }: Props) {
  const artClass = round ? 'hero-art hero-round' : 'hero-art';
  return (
    <aside className="detail-hero">
      {detailRef.kind === 'genre-station' && images.length === 0 ? (
        <StationMosaic stationId={detailRef.id} title={title} className={artClass} />
      ) : (
        <Artwork images={images} title={title} className={artClass} />
      )}
      {kind !== undefined && <p className="detail-kind">{kind}</p>}
      <h1 className="detail-title">{title}</h1>
      {children}
      <HeroActions keys={actionKeys}>{actions}</HeroActions>
    </aside>
  );
}
