import { useFocusable } from '@noriginmedia/norigin-spatial-navigation';
import type { ImageView } from '../../../../shared/bridge';
import { Artwork } from '../../components/Artwork';

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
  const { ref, focused, focusSelf } = useFocusable<object, HTMLButtonElement>({ focusKey, onEnterPress: onSelect });
  const initial = Array.from(name.trim())[0] ?? '?';
  return (
    <button
      ref={ref}
      type="button"
      tabIndex={-1}
      className={['profile', `profile-${kind}`, focused ? 'is-focused' : '', marked ? 'is-marked' : ''].filter(Boolean).join(' ')}
      aria-label={label}
      data-focus-key={focusKey}
      onMouseEnter={() => focusSelf()}
      onClick={onSelect}
    >
      <span className="profile-avatar" aria-hidden="true">
        {kind === 'add' ? (
          <span className="profile-initial profile-plus">+</span>
        ) : kind === 'guest' ? (
          <svg viewBox="0 0 24 24" className="profile-guest">
            <circle cx="12" cy="8" r="4.2" fill="currentColor" />
            <path d="M3.5 21a8.5 8.5 0 0 1 17 0z" fill="currentColor" />
          </svg>
        ) : images.length > 0 ? (
          <Artwork images={images} title={name} className="profile-picture" />
        ) : (
          <span className="profile-initial">{initial}</span>
        )}
        {marked && <span className="profile-mark">⏏</span>}
      </span>
      <span className="profile-name">{name}</span>
      {badges.map((badge) => (
        <span key={badge} className="profile-badge">
          {badge}
        </span>
      ))}
    </button>
  );
}
