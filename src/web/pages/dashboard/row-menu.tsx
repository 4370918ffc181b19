import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { Copy, FileDown, Pencil, Share2, Trash2 } from 'lucide-react';
import { type ComponentType, type ReactNode, useEffect, useRef } from 'react';
import { takeOver } from '../../components/ui/menu-handoff.ts';
import { reportPath } from '../../hooks/use-activity.ts';
import { cn } from '../../lib/cn.ts';
import { RowMenuButton, type RowMenuProps } from './row-menu-button.tsx';

const ITEM_BASE =
  'flex h-10 cursor-pointer items-center gap-2 rounded-lg px-3 text-sm outline-none select-none';
const ITEM_CLASS = cn(ITEM_BASE, 'text-slate-800 data-highlighted:bg-slate-100');

/**
 * A row's menu: Edit, Share Link, Duplicate and Download report (once the checklist is on the
 * server), Delete.
 */
export function RowMenu({ checklist, actions, shareable, handoff }: RowMenuProps) {
  const button = useRef<HTMLButtonElement>(null);
  // After Radix's own effects (its children's), so the press reaches a menu that listens.
  useEffect(() => takeOver(button.current, handoff), [handoff]);
  return (
    <DropdownMenu.Root modal={false}>
      <DropdownMenu.Trigger asChild>
        <RowMenuButton ref={button} />
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          align="end"
          sideOffset={4}
          className="z-50 min-w-40 rounded-xl border border-slate-200 bg-white p-1 shadow-lg"
        >
          <MenuItem icon={Pencil} onSelect={() => actions.onEdit(checklist)}>
            Edit
          </MenuItem>
          {shareable && (
            <MenuItem icon={Share2} onSelect={() => actions.onShare(checklist)}>
              Share Link
            </MenuItem>
          )}
          {shareable && (
            <MenuItem icon={Copy} onSelect={() => actions.onDuplicate(checklist)}>
              Duplicate
            </MenuItem>
          )}
          {shareable && (
            <DropdownMenu.Item asChild className={ITEM_CLASS}>
              {/* A plain link: the server answers the PDF as an attachment with its own filename. */}
              <a href={reportPath(checklist.id)} download>
                <FileDown className="h-4 w-4" aria-hidden="true" />
                Download report
              </a>
            </DropdownMenu.Item>
          )}
          <DropdownMenu.Separator className="my-1 h-px bg-slate-100" />
          <MenuItem icon={Trash2} onSelect={() => actions.onDelete(checklist)} destructive>
            Delete
          </MenuItem>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}

function MenuItem({
  icon: Icon,
  onSelect,
  destructive,
  children,
}: {
  icon: ComponentType<{ className?: string }>;
  onSelect(): void;
  destructive?: boolean;
  children: ReactNode;
}) {
  return (
    <DropdownMenu.Item
      onSelect={onSelect}
      className={cn(
        ITEM_BASE,
        destructive
          ? 'text-red-700 data-highlighted:bg-red-50'
          : 'text-slate-800 data-highlighted:bg-slate-100',
      )}
    >
      <Icon className="h-4 w-4" aria-hidden="true" />
      {children}
    </DropdownMenu.Item>
  );
}
