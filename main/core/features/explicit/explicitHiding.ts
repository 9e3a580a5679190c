/**
 * Explicit-track hiding as the core wires it: the household decides (a child, or a member who set "hide"), and what
 * is kept in memory for the one on screen is forgotten when that changes.
 */
import type { Household } from '../household/household';
import type { HideExplicit } from './explicitFilter';

export interface ExplicitHiding {
  /** Whether explicit tracks are hidden for the one on screen now. */
  hidden: HideExplicit;
  /** Rows and details kept for the one on screen were made with explicit tracks shown or hidden as they were. */
  forgetWhenChanged(forget: () => void): void;
}

export function createExplicitHiding(household: Pick<Household, 'hideExplicit' | 'onExplicitChange'>): ExplicitHiding {
  return {
    hidden: () => household.hideExplicit(),
    forgetWhenChanged: (forget) => household.onExplicitChange(forget),
  };
}
