/**
 * The seams between the sandbox's parts. The token service (auth/) issues and checks tokens; the catalog (catalog/,
 * data/) serves resources and member data; both read the options and the clock from here.
 */
import type { Territory } from '../shared/territory';
import type { SandboxOptions } from './options';

/** Who a bearer token speaks for. */
export type Grant =
  | { kind: 'client'; clientId: string }
  | { kind: 'member'; clientId: string; memberId: string };

export interface TokenVerifier {
  /** The grant behind an `Authorization` header value, or undefined when it is missing, unknown, revoked or expired. */
  verifyBearer(authorization: string | undefined): Grant | undefined;
}

/** A demo member a person can sign in as on the authorize and device pages. */
export interface DemoMember {
  id: string;
  name: string;
  /** Sign-in name and password shown on the sandbox's login page. */
  username: string;
  password: string;
  territory: Territory;
}

export interface MemberDirectory {
  list(): readonly DemoMember[];
  byUsername(username: string): DemoMember | undefined;
  byId(id: string): DemoMember | undefined;
}

export interface Clock {
  /** Milliseconds since the epoch. */
  now(): number;
}

export interface SandboxContext {
  options: SandboxOptions;
  clock: Clock;
  /** Origin used in every absolute URL the sandbox hands out (paging, images, verification pages). */
  origin(): string;
  tokens: TokenVerifier;
  members: MemberDirectory;
}
