import { type KeyboardEvent, useRef } from 'react';
import {
  ASSIGNMENT_FILTER_LABELS,
  ASSIGNMENT_FILTERS,
  ASSIGNMENT_TEXTS,
  type AssignmentFilter,
} from '#domain/assignment-texts';
import { cn } from '../../lib/cn.ts';

/** The id of the list the filter's tabs control (checklist-panel.tsx), and of each tab. */
export const FILTER_PANEL_ID = 'checklist-filter-panel';
export const filterTabId = (filter: AssignmentFilter) => `checklist-filter-${filter}`;

/**
 * 'All' / 'Assigned to me' above the list: tabs (WAI-ARIA), one focusable at a time; the arrow keys,
 * Home and End move between them and choose at once (the list is filtered on this device, nothing to
 * wait for).
 */
export function AssignmentFilterTabs({
  value,
  onChange,
}: {
  value: AssignmentFilter;
  onChange(filter: AssignmentFilter): void;
}) {
  const tabs = useRef(new Map<AssignmentFilter, HTMLButtonElement>());

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    const index = ASSIGNMENT_FILTERS.indexOf(value);
    const last = ASSIGNMENT_FILTERS.length - 1;
    const moves: Record<string, number> = {
      ArrowRight: index === last ? 0 : index + 1,
      ArrowLeft: index === 0 ? last : index - 1,
      Home: 0,
      End: last,
    };
    const to = moves[event.key];
    if (to === undefined) return;
    event.preventDefault();
    const next = ASSIGNMENT_FILTERS[to] as AssignmentFilter;
    onChange(next);
    tabs.current.get(next)?.focus();
  }

  return (
    <div
      role="tablist"
      aria-label={ASSIGNMENT_TEXTS.filter}
      onKeyDown={onKeyDown}
      className="inline-flex rounded-lg bg-slate-100 p-0.5"
    >
      {ASSIGNMENT_FILTERS.map((filter) => {
        const selected = filter === value;
        return (
          <button
            key={filter}
            ref={(element) => {
              if (element) tabs.current.set(filter, element);
              else tabs.current.delete(filter);
            }}
            type="button"
            role="tab"
            id={filterTabId(filter)}
            aria-selected={selected}
            aria-controls={FILTER_PANEL_ID}
            tabIndex={selected ? 0 : -1}
            onClick={() => onChange(filter)}
            className={cn(
              'h-9 rounded-md px-3 text-sm font-medium whitespace-nowrap transition-colors',
              'focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-indigo-600',
              selected ? 'bg-white text-slate-900 shadow-sm' : 'text-slate-600 hover:text-slate-900',
            )}
          >
            {ASSIGNMENT_FILTER_LABELS[filter]}
          </button>
        );
      })}
    </div>
  );
}
