/**
 * Tracks: each with its name, artist and album, "Show on TV", and "Add to favorites" for a member's phone. A track's
 * own panel (a favorite opened from Home) has the same actions under its name as a heading.
 */
import { useEffect, useRef, useState, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import type { ShowOnTvTarget } from '../../../../shared/companion';
import type { DetailRef, TrackView } from '../../../../shared/catalogViews';
import type { Answer } from '../api/client';
import { catalogLang } from '../text';
import { usePhone } from './context';
import { problemText } from './Failure';
import './TrackList.css';

/** Runs an intent once at a time and says how it went. */
function useIntent(done: string): { busy: boolean; run: (send: () => Promise<Answer<true>>) => Promise<void> } {
  const { t } = useTranslation();
  const { say } = usePhone();
  const [busy, setBusy] = useState(false);
  async function run(send: () => Promise<Answer<true>>): Promise<void> {
    if (busy) return;
    setBusy(true);
    const answer = await send();
    setBusy(false);
    say(answer.ok ? done : answer.problem.kind === 'unreachable' ? t('actions.failed') : problemText(answer.problem, t));
  }
  return { busy, run };
}

export function ShowOnTv({ target, describedBy }: { target: ShowOnTvTarget; describedBy?: string | undefined }) {
  const { t } = useTranslation();
  const { api } = usePhone();
  const { busy, run } = useIntent(t('actions.shown'));
  return (
    <button type="button" className="primary" aria-describedby={describedBy} aria-disabled={busy} onClick={() => void run(() => api.show(target))}>
      {t('actions.showOnTv')}
    </button>
  );
}

function AddFavorite({ trackId, describedBy }: { trackId: string; describedBy: string }) {
  const { t } = useTranslation();
  const { api } = usePhone();
  const { busy, run } = useIntent(t('actions.added'));
  return (
    <button type="button" aria-describedby={describedBy} aria-disabled={busy} onClick={() => void run(() => api.favorite(trackId))}>
      {t('actions.addFavorite')}
    </button>
  );
}

function TrackText({ track, nameId, heading }: { track: TrackView; nameId: string; heading?: RefObject<HTMLHeadingElement | null> | undefined }) {
  const { t } = useTranslation();
  const { language } = usePhone();
  const by = [track.artist, track.album].filter((s) => s !== '').join(' · ');
  const lang = catalogLang(track.name, language);
  return (
    <>
      {heading === undefined ? (
        <span id={nameId} className="track-name" lang={lang}>
          {track.name}
        </span>
      ) : (
        <h2 id={nameId} className="track-name" lang={lang} tabIndex={-1} ref={heading}>
          {track.name}
        </h2>
      )}
      <span className="track-by" lang={catalogLang(by, language)}>
        {by}
      </span>
      {track.explicit ? <span className="explicit">{t('detail.explicit')}</span> : null}
    </>
  );
}

function TrackActions({ track, within, nameId }: { track: TrackView; within: DetailRef | undefined; nameId: string }) {
  const { canFavorite } = usePhone();
  return (
    <div className="actions">
      <ShowOnTv target={{ kind: 'track', trackId: track.id, in: within }} describedBy={nameId} />
      {canFavorite ? <AddFavorite trackId={track.id} describedBy={nameId} /> : null}
    </div>
  );
}

export function TrackList({ tracks, within }: { tracks: readonly TrackView[]; within: DetailRef | undefined }) {
  return (
    <ol className="tracks">
      {tracks.map((track, i) => {
        const nameId = `track-${i}-${track.id}`;
        return (
          <li key={`${i}-${track.id}`} className="track">
            <TrackText track={track} nameId={nameId} />
            <TrackActions track={track} within={within} nameId={nameId} />
          </li>
        );
      })}
    </ol>
  );
}

export function TrackPanel({ track, within }: { track: TrackView; within: DetailRef | undefined }) {
  const nameId = `panel-${track.id}`;
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  return (
    <article className="track-panel">
      <TrackText track={track} nameId={nameId} heading={heading} />
      <TrackActions track={track} within={within} nameId={nameId} />
    </article>
  );
}
