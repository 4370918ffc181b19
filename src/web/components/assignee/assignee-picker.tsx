import { useEffect } from 'react';
import { lazyChunk, whenIdle } from '../../lib/lazy-chunk.tsx';
import { LazyMenu } from '../ui/lazy-menu.tsx';
import { AssigneeButton } from './assignee-button.tsx';
import type { AssigneeMenuProps } from './assignee-menu.tsx';

/**
 * The Assignee field (the checklist's page, the editor): its button at once, its menu (Radix, the
 * team's members) a chunk fetched when the browser is idle and drawn once the button is pointed at,
 * focused or pressed (components/ui/lazy-menu.tsx).
 */
const assigneeMenu = lazyChunk<AssigneeMenuProps>(() =>
  import('./assignee-menu.tsx').then((module) => module.AssigneeMenu),
);

export const preloadAssigneeMenu = assigneeMenu.preload;

export type AssigneePickerProps = Omit<AssigneeMenuProps, 'handoff'>;

export function AssigneePicker(props: AssigneePickerProps) {
  useEffect(() => whenIdle(() => void preloadAssigneeMenu()), []);
  return (
    <LazyMenu
      chunk={assigneeMenu}
      props={props}
      standIn={(standIn) => (
        <AssigneeButton {...standIn} value={props.value} look={props.look} disabled={props.disabled} />
      )}
    />
  );
}
