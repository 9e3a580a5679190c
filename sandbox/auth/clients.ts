/**
 * The registered client apps and how a request proves which one it is: form fields or HTTP Basic
 * (RFC 6749 §2.3.1: id and secret are form-urlencoded before base64).
 */
import type { SandboxOptions } from '../options';

export interface RegisteredClient {
  id: string;
  secret: string;
  /** Shown on the approval pages so the member sees which app asks. */
  name: string;
  redirectUri: string;
}

export interface ClientRegistry {
  byId(id: string): RegisteredClient | undefined;
}

export function createClientRegistry(options: SandboxOptions): ClientRegistry {
  // Read through options on every call so a live change of the demo client is honoured.
  return {
    byId(id) {
      if (id !== options.clientId) return undefined;
      return { id: options.clientId, secret: options.clientSecret, name: 'Tunewall', redirectUri: options.redirectUri };
    },
  };
}

export interface PresentedCredentials {
  clientId: string | undefined;
  clientSecret: string | undefined;
  /** True when the request carried `Authorization: Basic` (an invalid_client answer must then carry WWW-Authenticate). */
  usedBasic: boolean;
  /** Why the presented credentials contradict each other or cannot be read; undefined when they are coherent. */
  problem: string | undefined;
}

function formDecode(s: string): string {
  try {
    return decodeURIComponent(s.replace(/\+/g, ' '));
  } catch {
    // Not valid percent-encoding: many clients skip the encoding step, so the raw text is the credential.
    return s;
  }
}

function parseBasic(header: string): { id: string; secret: string } | undefined {
  const match = /^Basic\s+([A-Za-z0-9+/=_-]+)\s*$/i.exec(header);
  if (!match?.[1]) return undefined;
  const decoded = Buffer.from(match[1], 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  if (colon < 0) return undefined;
  return { id: formDecode(decoded.slice(0, colon)), secret: formDecode(decoded.slice(colon + 1)) };
}

/** Collects the client's id and secret from the Authorization header and the form; both present and disagreeing is a problem. */
export function presentedCredentials(authorization: string | undefined, form: URLSearchParams): PresentedCredentials {
  const formId = form.get('client_id') ?? undefined;
  const formSecret = form.get('client_secret') ?? undefined;
  if (authorization === undefined || !/^Basic\b/i.test(authorization)) {
    return { clientId: formId, clientSecret: formSecret, usedBasic: false, problem: undefined };
  }
  const basic = parseBasic(authorization);
  if (!basic) {
    return { clientId: formId, clientSecret: formSecret, usedBasic: true, problem: 'The Basic credentials cannot be read.' };
  }
  if (formId !== undefined && formId !== basic.id) {
    return { clientId: basic.id, clientSecret: basic.secret, usedBasic: true, problem: 'client_id in the form and in Basic differ.' };
  }
  if (formSecret !== undefined && formSecret !== basic.secret) {
    return { clientId: basic.id, clientSecret: basic.secret, usedBasic: true, problem: 'client_secret in the form and in Basic differ.' };
  }
  return { clientId: basic.id, clientSecret: basic.secret, usedBasic: true, problem: undefined };
}
