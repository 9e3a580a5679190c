import { Fragment } from 'react';
import type { ImageView } from '../../../../shared/bridge';
import { Artwork } from '../../components/Artwork';
import { useFocusableItem } from '../../input/useFocusableItem';
import './ProfileTile.css';

export interface ProfileTileProps {
  focusKey: string;
  name: string;
  images: ImageView[];
  /** Small print under the name: a child's profile, "Sign in again". */
  badges: string[];
  /** What a screen reader says: the name, the badges and the place in the row ("Mia, 2 of 4"). */
  label: string;
  kind: 'member' | 'guest' | 'add';
  /** In sign-out mode: the avatar carries the sign-out mark. */
  marked?: boolean;
  onSelect: () => void;
}

/** A profile in "Who's listening?": its picture or a large initial, its name and its badges; OK chooses it. */
export function ProfileTile({ focusKey, name, images, badges, label, kind, marked = false, onSelect }: ProfileTileProps) {
  const classes = ['profile', `profile-${kind}`, marked ? 'is-marked' : ''].filter(Boolean).join(' ');
  const { ref, focusSelf } = useFocusableItem<HTMLButtonElement>(focusKey, classes, { onEnter: onSelect });
  const initial = Array.from(name.trim())[0] ?? '?';
  return (
    <button
      ref={ref}
      type="button"
      tabIndex={-1}
      className={classes}
      aria-label={label}
      data-focus-key={focusKey}
      onMouseEnter={() => focusSelf()}
      onClick={onSelect}
    >
      <span className="profile-avatar" aria-hidden="true">
        {kind === 'add' ? (
          <span className="profile-initial profile-plus" data-initial="+" />
        ) : kind === 'guest' ? (
          <svg viewBox="0 0 24 24" className="profile-guest-icon">
            <circle cx="12" cy="8" r="4.2" fill="currentColor" />
            <path d="M3.5 21a8.5 8.5 0 0 1 17 0z" fill="currentColor" />
          </svg>
        ) : images.length > 0 ? (
          <Artwork images={images} title={name} className="profile-picture" />
        ) : (
          // Drawn from an attribute, as Artwork's letter is: as text it would run into the visible name (WCAG 2.5.3).
          <span className="profile-initial" data-initial={initial} />
        )}
        {marked && <span className="profile-mark">⏏</span>}
      </span>
      <span className="profile-name">{name}</span>
      {/* Spaces between the words, as a screen reader and WCAG 2.5.3's check read them ("Sophie Kids", not "SophieKids"). */}
      {badges.map((badge) => (
        <Fragment key={badge}>
          {' '}
          <span className="profile-badge">{badge}</span>
        </Fragment>
      ))}
    </button>
  );
}
