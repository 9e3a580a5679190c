import type { ReactNode } from 'react';
import type { DetailRef, ImageView } from '../../../../shared/bridge';
import { Artwork } from '../../components/Artwork';
import { FocusList } from '../../components/FocusList';
import { StationMosaic } from '../../components/StationMosaic';
import { useCatalogText } from '../../i18n/contentLang';
import { Phrased } from '../../components/Phrased';
import './DetailHero.css';

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

/** The left column of a detail screen: its picture, title, facts and actions. */
export function DetailHero({ detailRef, title, images, kind, round = false, children, actions, actionKeys = [] }: Props) {
  const catalog = useCatalogText();
  const artClass = round ? 'hero-art hero-round' : 'hero-art';
  return (
    <aside className="detail-hero">
      {detailRef.kind === 'genre-station' && images.length === 0 ? (
        <StationMosaic stationId={detailRef.id} title={title} className={artClass} />
      ) : (
        <Artwork images={images} title={title} className={artClass} />
      )}
      {kind !== undefined && <p className="detail-kind">{kind}</p>}
      <h1 className="detail-title" {...catalog}>
        <Phrased text={title} />
      </h1>
      {children}
      {/* One above the other, moved through by order. */}
      <FocusList focusKey={HERO_ACTIONS_KEY} axis="vertical" keys={actionKeys} rememberLast className="detail-actions">
        {actions}
      </FocusList>
    </aside>
  );
}
