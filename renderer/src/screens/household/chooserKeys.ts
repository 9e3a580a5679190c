/** "Who's listening?"'s focus keys: the screen, its row of profiles, the sign-out mode button, "Add a member". */
export const CHOOSER_KEY = 'chooser';
export const ROW_KEY = 'chooser-profiles';
export const MANAGE_KEY = 'chooser-manage';
export const ADD_KEY = 'profile-add';

export function profileFocusKey(key: string): string {
  return `profile:${key}`;
}
