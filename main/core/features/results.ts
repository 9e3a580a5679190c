/** Failures as the bridge answers them: every handler answers a value, never a throw. */
import type { UiError } from '../../../shared/bridge';
import { toUiError } from '../errors';
import { featureErrors } from './errors';

export type Failure = { ok: false; error: UiError };

/** The renderer sent something the contract does not allow: nothing was asked of the service. */
export function badArgument(what: string): Failure {
  return { ok: false, error: featureErrors.badRequest(what) };
}

export function failure(error: unknown): Failure {
  return { ok: false, error: toUiError(error) };
}
