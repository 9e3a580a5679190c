import type { DemoMember, MemberDirectory } from '../context';

/** A demo member with the profile fields the member endpoints show. */
export interface DemoProfile extends DemoMember {
  description: string;
}

/**
 * The people one can sign in as. Fixed rather than seeded: their sign-in names are printed on the login page and in
 * the README, and tests and humans should not have to look them up per seed.
 */
export const DEMO_MEMBERS: readonly DemoProfile[] = [
  {
    id: 'member-demo',
    name: '林語彤',
    username: 'demo',
    password: 'demo',
    territory: 'TW',
    description: '通勤路上的獨立音樂愛好者。',
  },
  {
    id: 'member-hanako',
    name: '佐藤花音',
    username: 'hanako',
    password: 'hanako',
    territory: 'JP',
    description: '',
  },
  {
    id: 'member-weiling',
    name: 'Wei Ling Tan',
    username: 'weiling',
    password: 'weiling',
    territory: 'SG',
    description: 'Kopi, long runs and Mandopop.',
  },
];

export function createMemberDirectory(_seed: number): MemberDirectory {
  return {
    list: () => DEMO_MEMBERS,
    byUsername: (username) => DEMO_MEMBERS.find((m) => m.username === username),
    byId: (id) => DEMO_MEMBERS.find((m) => m.id === id),
  };
}

export function demoProfile(id: string): DemoProfile | undefined {
  return DEMO_MEMBERS.find((m) => m.id === id);
}
