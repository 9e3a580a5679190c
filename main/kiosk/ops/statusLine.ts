/** The line a person reads in `systemctl status`: where the display is, who is signed in, whether it is online. */
import type { OpsFacts, ScreenName } from './status';

const SCREEN_TITLES: Record<ScreenName, string> = {
  pairing: 'Pairing',
  home: 'Home',
  detail: 'Detail',
  settings: 'Settings',
  idle: 'Idle',
  other: 'Loading',
};

function duration(ms: number): string {
  const seconds = Math.max(0, Math.floor(ms / 1000));
  if (seconds < 60) return `${seconds} s`;
  const minutes = Math.floor(seconds / 60);
  if (minutes < 120) return `${minutes} min`;
  return `${Math.floor(minutes / 60)} h ${minutes % 60} min`;
}

function where(facts: Readonly<OpsFacts>): string {
  switch (facts.authStatus) {
    case 'pairing':
      return facts.pairingCode === undefined ? 'Pairing' : `Pairing · code ${facts.pairingCode}`;
    case 'requesting-code':
      return 'Pairing · asking for a code';
    case 'denied':
      return 'Pairing · the sign-in was refused';
    case 'expired':
      return 'Pairing · codes expired, waiting for a key press';
    case 'error':
      return 'Pairing · sign-in error';
    case 'choosing':
      return `Who's listening? · ${facts.members} members`;
    case 'signed-in':
      return `${SCREEN_TITLES[facts.screen ?? 'other']} · ${facts.signIn}`;
    default:
      return 'Starting';
  }
}

/** `staleMs`: how old the page's heartbeat may be before the line says the screen does not answer. */
export function statusLine(facts: Readonly<OpsFacts>, now: number, staleMs: number): string {
  const parts = [facts.offlineSince !== undefined ? `Offline for ${duration(now - facts.offlineSince)}` : undefined];
  if (parts[0] === undefined || facts.authStatus === 'pairing') parts.unshift(where(facts));
  if (facts.authStatus === 'signed-in' && facts.offlineSince === undefined) parts.push('online');
  const age = facts.heartbeatAt === undefined ? undefined : now - facts.heartbeatAt;
  if (age !== undefined && age > staleMs) parts.push(`screen not answering for ${duration(age)}`);
  else if (facts.problem !== 'none' && facts.problemSince !== undefined) {
    parts.push(`${facts.problem === 'blank' ? 'blank screen' : 'error on screen'} for ${duration(now - facts.problemSince)}`);
  }
  return parts.filter((p): p is string => p !== undefined).join(' · ');
}
