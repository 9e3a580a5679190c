/** Home's header: the Settings gear, and the avatar that opens "Who's listening?". */
export const SETTINGS_KEY = 'home-settings';
/** The header's avatar: opens "Who's listening?". */
export const PROFILE_KEY = 'home-profile';
/** "Use your phone", between them (when the TV offers it). */
export const PHONE_KEY = 'home-phone';
export const HEADER_KEYS = [PROFILE_KEY, PHONE_KEY, SETTINGS_KEY];
