import {
  type Announcements,
  type CollisionDetection,
  closestCenter,
  DndContext,
  type DragEndEvent,
  KeyboardSensor,
  PointerSensor,
  TouchSensor,
  type UniqueIdentifier,
  useSensor,
  useSensors,
} from '@dnd-kit/core';
import {
  arrayMove,
  SortableContext,
  sortableKeyboardCoordinates,
  verticalListSortingStrategy,
} from '@dnd-kit/sortable';
import { type RefObject, useMemo, useRef } from 'react';
import type { DraftTask } from './draft.ts';
import { SortableTaskRow, type TaskRowProps } from './sortable-task-row.tsx';

/** How far outside the list's box a pointer may stray and still count as over it. */
const LIST_MARGIN = 12;

const SCREEN_READER_INSTRUCTIONS =
  'To pick up a task, press Space or Enter. While moving it, use the Up and Down arrow keys. ' +
  'Press Space or Enter again to drop the task in its new place, or press Escape to cancel.';

export interface TaskListProps extends Omit<TaskRowProps, 'task' | 'index'> {
  tasks: DraftTask[];
  onReorder(tasks: DraftTask[]): void;
}

/** A pointer dropped outside the list is over nothing, so the drop changes nothing (spec section 4). */
function collisionsInside(listRef: RefObject<HTMLOListElement | null>): CollisionDetection {
  return (args) => {
    const list = listRef.current;
    const pointer = args.pointerCoordinates;
    if (list && pointer) {
      const box = list.getBoundingClientRect();
      const inside =
        pointer.x >= box.left - LIST_MARGIN &&
        pointer.x <= box.right + LIST_MARGIN &&
        pointer.y >= box.top - LIST_MARGIN &&
        pointer.y <= box.bottom + LIST_MARGIN;
      if (!inside) return [];
    }
    return closestCenter(args);
  };
}

/** What a screen reader hears while a task is moved (`justPickedUp`: see TaskList). */
function announcementsFor(tasks: DraftTask[], justPickedUp: RefObject<boolean>): Announcements {
  const count = tasks.length;
  const position = (id: UniqueIdentifier) => tasks.findIndex((task) => task.id === id) + 1;
  const label = (id: UniqueIdentifier) => {
    const description = tasks.find((task) => task.id === id)?.description.trim();
    return description ? `task “${description}”` : `task ${position(id)}`;
  };
  return {
    onDragStart: ({ active }) => {
      justPickedUp.current = true;
      return `Picked up ${label(active.id)}, position ${position(active.id)} of ${count}.`;
    },
    onDragOver: ({ active, over }) => {
      const first = justPickedUp.current;
      justPickedUp.current = false;
      if (first && over?.id === active.id) return undefined;
      return over
        ? `${capitalise(label(active.id))} is over position ${position(over.id)} of ${count}.`
        : `${capitalise(label(active.id))} is outside the list.`;
    },
    onDragEnd: ({ active, over }) =>
      over
        ? `${capitalise(label(active.id))} dropped at position ${position(over.id)} of ${count}.`
        : `${capitalise(label(active.id))} dropped outside the list; the order did not change.`,
    onDragCancel: ({ active }) =>
      `Moving cancelled. ${capitalise(label(active.id))} stays at position ${position(active.id)} of ${count}.`,
  };
}

/** The drag-reorderable task list (pointer, touch and keyboard), with spoken announcements. */
export function TaskList({ tasks, onReorder, ...rowProps }: TaskListProps) {
  const listRef = useRef<HTMLOListElement>(null);
  /** A drag starts over its own place; that first "over" is not news (it would drown out "Picked up"). */
  const justPickedUp = useRef(false);
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(TouchSensor, { activationConstraint: { delay: 150, tolerance: 8 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const collisionDetection = useMemo(() => collisionsInside(listRef), []);
  const announcements = useMemo(() => announcementsFor(tasks, justPickedUp), [tasks]);

  function handleDragEnd({ active, over }: DragEndEvent) {
    if (!over || active.id === over.id) return;
    const from = tasks.findIndex((task) => task.id === active.id);
    const to = tasks.findIndex((task) => task.id === over.id);
    if (from < 0 || to < 0) return;
    onReorder(arrayMove(tasks, from, to));
  }

  return (
    <DndContext
      sensors={sensors}
      collisionDetection={collisionDetection}
      onDragEnd={handleDragEnd}
      accessibility={{ announcements, screenReaderInstructions: { draggable: SCREEN_READER_INSTRUCTIONS } }}
    >
      <SortableContext items={tasks} strategy={verticalListSortingStrategy}>
        <ol ref={listRef} aria-label="Tasks" className="space-y-2">
          {tasks.map((task, index) => (
            <SortableTaskRow key={task.id} task={task} index={index} {...rowProps} />
          ))}
        </ol>
      </SortableContext>
    </DndContext>
  );
}

function capitalise(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}
