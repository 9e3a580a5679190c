import type { MemberDirectory } from '../context';

/** The demo members of the sandbox (stub: the catalog data fills this in). */
export function createMemberDirectory(_seed: number): MemberDirectory {
  const members = [
    { id: 'member-demo', name: 'Demo Listener', username: 'demo', password: 'demo', territory: 'TW' as const },
  ];
  return {
    list: () => members,
    byUsername: (u) => members.find((m) => m.username === u),
    byId: (id) => members.find((m) => m.id === id),
  };
}
