import { useState } from 'react';
import { useLocation, useSearch } from 'wouter';
import {
  ASSIGNMENT_FILTER_PARAM,
  type AssignmentFilter,
  parseAssignmentFilter,
} from '#domain/assignment-texts';
import { useHydrated } from '../../hooks/use-hydrated.ts';

/**
 * The dashboard's filter, 'All' or 'Assigned to me': kept in the address (`?filter=mine`, so a link or
 * the Back button brings it back) and on this device (opening the dashboard again keeps the last
 * choice). The prerendered dashboard is drawn with 'All' (its address has no query), so the choice
 * applies from the render after hydration: no mismatch, and the list is not there yet anyway.
 */

export const ASSIGNMENT_FILTER_KEY = 'LISTSYNC_DASHBOARD_FILTER';

function storedFilter(): AssignmentFilter | null {
  try {
    return parseAssignmentFilter(window.localStorage.getItem(ASSIGNMENT_FILTER_KEY));
  } catch {
    return null; // storage refused (some private modes): the address alone keeps it
  }
}

function storeFilter(filter: AssignmentFilter): void {
  try {
    window.localStorage.setItem(ASSIGNMENT_FILTER_KEY, filter);
  } catch {
    // not remembered on this device; the address still has it
  }
}

export function useAssignmentFilter(): [AssignmentFilter, (filter: AssignmentFilter) => void] {
  const hydrated = useHydrated();
  const [path, navigate] = useLocation();
  const search = useSearch();
  // Read once, then kept with each choice (the address, when it names one, comes first).
  const [stored, setStored] = useState(() => (typeof window === 'undefined' ? null : storedFilter()));
  const inAddress = parseAssignmentFilter(new URLSearchParams(search).get(ASSIGNMENT_FILTER_PARAM));
  const filter = hydrated ? (inAddress ?? stored ?? 'all') : 'all';

  function choose(next: AssignmentFilter) {
    storeFilter(next);
    setStored(next);
    const params = new URLSearchParams(search);
    if (next === 'all') params.delete(ASSIGNMENT_FILTER_PARAM);
    else params.set(ASSIGNMENT_FILTER_PARAM, next);
    const query = params.toString();
    // Replaced, not pushed: switching back and forth is not a trail of pages to go Back through.
    navigate(query ? `${path}?${query}` : path, { replace: true });
  }
  return [filter, choose];
}
