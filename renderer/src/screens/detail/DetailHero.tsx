import type { ReactNode } from 'react';
import type { DetailRef, ImageView } from '../../../../shared/bridge';
import { Artwork } from '../../components/Artwork';
import { StationMosaic } from '../../components/StationMosaic';

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
  /** The buttons under them. */
  actions?: ReactNode;
}

/** The left column of a detail screen: its picture, title, facts and actions. */
export function DetailHero({ detailRef, title, images, kind, round = false, children, actions }: Props) {
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
      <div className="detail-actions">{actions}</div>
    </aside>
  );
}
