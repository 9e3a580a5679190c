/**
 * The failures the features decide on themselves (a member-only row for a guest, an item the territory does not
 * offer, a favourite that was not added…): each in English, with the key and parameters the renderer translates it
 * with (`errors.<messageKey>` in renderer/src/i18n). The English here is the same as the renderer's English.
 */
import type { UiError } from '../../../shared/bridge';
import type { Territory } from '../../../shared/territory';

const TERRITORY_NAMES: Record<Territory, string> = {
  TW: 'Taiwan',
  HK: 'Hong Kong',
  SG: 'Singapore',
  MY: 'Malaysia',
  JP: 'Japan',
};

/** A feature's failure as a thrown value: toUiError() (errors.ts) hands the screen exactly this UiError. */
export class FeatureError extends Error {
  override readonly name = 'FeatureError';
  constructor(readonly ui: UiError) {
    super(ui.message);
  }

  toUiError(): UiError {
    return this.ui;
  }
}

type Kind = UiError['kind'];

function keyed(kind: Kind, messageKey: string, message: string, retryable: boolean, params?: UiError['params']): UiError {
  return { kind, message, retryable, messageKey, ...(params === undefined ? {} : { params }) };
}

export const featureErrors = {
  /** The renderer sent what the contract does not allow; `what` names it for the log and the English text. */
  badRequest: (what: string): UiError =>
    keyed('unknown', 'badRequest', `Tunewall could not understand the request (${what}).`, false, { what }),
  noService: (): UiError =>
    keyed('config', 'noService', 'Tunewall has no service to sign in to: see the configuration problems.', false),
  signInToSeeRow: (): UiError => keyed('auth', 'signInToSeeRow', 'Sign in to see this row.', false),
  signInForOwnMusic: (): UiError => keyed('auth', 'signInForOwnMusic', 'Sign in to see your own music.', false),
  /** The item does not exist in the territory, or is not offered there. */
  notAvailableIn: (territory: Territory): UiError =>
    keyed('territory', 'notAvailableIn', `Not available in ${TERRITORY_NAMES[territory]}`, false, { territory }),
  /** The item is an explicit track, and the one on screen hides them. */
  explicitHidden: (): UiError => keyed('denied', 'explicitHidden', 'Explicit tracks are hidden on this profile.', false),
  favoriteNeedsMember: (): UiError =>
    keyed('auth', 'favoriteNeedsMember', 'Sign in with your phone to keep favorites.', false),
  /** Why a track was not added, from the failure of the request that tried. */
  favoriteFailed: (cause: UiError): UiError => {
    switch (cause.kind) {
      case 'network':
        return keyed(
          'network',
          'favoriteFailedOffline',
          'Not added to favorites: Tunewall cannot reach the music service. Try again when the connection is back.',
          true,
        );
      case 'server':
        return keyed(
          'server',
          'favoriteFailedService',
          'Not added to favorites: the music service is having trouble. Try again shortly.',
          true,
        );
      case 'not-found':
        return keyed('not-found', 'favoriteFailedUnknownTrack', 'Not added to favorites: the music service does not know this track.', false);
      case 'auth':
        return keyed(
          'auth',
          'favoriteFailedSignedOut',
          'Not added to favorites: Tunewall is no longer signed in. Sign in again, then try again.',
          false,
        );
      default:
        return keyed(cause.kind, 'favoriteFailed', 'Not added to favorites: the music service refused it.', cause.retryable);
    }
  },
} as const;

/** Every message key the features give, for the renderer's catalogs to be checked against. */
export const FEATURE_MESSAGE_KEYS = [
  'badRequest',
  'noService',
  'signInToSeeRow',
  'signInForOwnMusic',
  'notAvailableIn',
  'explicitHidden',
  'favoriteNeedsMember',
  'favoriteFailedOffline',
  'favoriteFailedService',
  'favoriteFailedUnknownTrack',
  'favoriteFailedSignedOut',
  'favoriteFailed',
] as const;
