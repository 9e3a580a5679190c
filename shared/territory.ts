import { z } from 'zod';

/** The territories the catalog serves. */
export const TERRITORIES = ['TW', 'HK', 'SG', 'MY', 'JP'] as const;
export const TerritorySchema = z.enum(TERRITORIES);
export type Territory = z.infer<typeof TerritorySchema>;

export function isTerritory(value: unknown): value is Territory {
  return TerritorySchema.safeParse(value).success;
}
