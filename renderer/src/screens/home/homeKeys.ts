/** Home's header: the Settings gear, and the avatar that opens "Who's listening?". */
export const SETTINGS_KEY = 'home-settings';
/** The header's avatar: opens "Who's listening?". */
export const PROFILE_KEY = 'home-profile';
export const HEADER_KEYS = [PROFILE_KEY, SETTINGS_KEY];
