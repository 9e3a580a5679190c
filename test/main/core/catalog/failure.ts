import { CatalogError } from '../../../../main/core/catalog/errors';

/** The CatalogError `promise` rejects with; anything else (a value, another error) fails the test. */
export async function failure(promise: Promise<unknown>): Promise<CatalogError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  if (!(error instanceof CatalogError)) throw new Error(`expected a CatalogError, got ${String(error)}`);
  return error;
}
