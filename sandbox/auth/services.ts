/** The token service's state, shared by its endpoints, its pages and the control API. */
import type { Clock } from '../context';
import type { SandboxOptions } from '../options';
import { AuthorizationCodes } from './auth-codes';
import { Authorizations } from './authorizations';
import { createClientRegistry, type ClientRegistry } from './clients';
import { DeviceCodes } from './device-codes';
import { BrowserSessions } from './sessions';
import { TokenStore } from './tokens';

export interface AuthServices {
  clients: ClientRegistry;
  tokens: TokenStore;
  deviceCodes: DeviceCodes;
  authCodes: AuthorizationCodes;
  sessions: BrowserSessions;
  authorizations: Authorizations;
}

export function createAuthServices(options: SandboxOptions, clock: Clock): AuthServices {
  const authorizations = new Authorizations(clock);
  const approved = (clientId: string, memberId: string): void => authorizations.record(clientId, memberId);
  return {
    clients: createClientRegistry(options),
    tokens: new TokenStore(clock, options.lifetimes),
    deviceCodes: new DeviceCodes(clock, options.lifetimes, approved),
    authCodes: new AuthorizationCodes(clock, approved),
    sessions: new BrowserSessions(clock),
    authorizations,
  };
}
