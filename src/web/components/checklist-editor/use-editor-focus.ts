import { type RefObject, useCallback, useEffect, useRef } from 'react';
import { CHECKLIST_MESSAGES } from '#domain/checklist';
import type { DraftTask } from './draft.ts';

/**
 * Where focus goes in the checklist editor (checklist-editor.tsx): into the form when it opens, to a
 * task's field after one is added or removed, and to the first problem a save found.
 */
export interface EditorFocus {
  nameRef: RefObject<HTMLInputElement | null>;
  headingRef: RefObject<HTMLHeadingElement | null>;
  addTaskRef: RefObject<HTMLButtonElement | null>;
  /** Each task's description field, by task id. */
  taskInputs: RefObject<Map<string, HTMLTextAreaElement>>;
  /** The task whose field takes focus after the next render ('' or a task gone: Add Task does). */
  focusTaskId: RefObject<string | null>;
  registerTaskInput(id: string, element: HTMLTextAreaElement | null): void;
  focusFirstProblem(message: string, tasks: readonly DraftTask[]): void;
}

export function useEditorFocus(editing: boolean): EditorFocus {
  const nameRef = useRef<HTMLInputElement>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const addTaskRef = useRef<HTMLButtonElement>(null);
  const taskInputs = useRef(new Map<string, HTMLTextAreaElement>());
  const focusTaskId = useRef<string | null>(null);

  const registerTaskInput = useCallback((id: string, element: HTMLTextAreaElement | null) => {
    if (element) taskInputs.current.set(id, element);
    else taskInputs.current.delete(id);
  }, []);

  // Opening the form: it comes into view (below the sticky header), and a new checklist starts in
  // its name, an existing one at its heading.
  useEffect(() => {
    headingRef.current?.scrollIntoView({ block: 'start' });
    if (editing) headingRef.current?.focus({ preventScroll: true });
    else nameRef.current?.focus({ preventScroll: true });
  }, [editing]);

  // After a task is added or removed, focus goes where the user expects it.
  useEffect(() => {
    if (!focusTaskId.current) return;
    const input = taskInputs.current.get(focusTaskId.current);
    focusTaskId.current = null;
    if (input) {
      input.focus();
      input.scrollIntoView({ block: 'nearest' });
    } else addTaskRef.current?.focus();
  });

  function focusFirstProblem(message: string, tasks: readonly DraftTask[]) {
    if (message === CHECKLIST_MESSAGES.nameRequired || message === CHECKLIST_MESSAGES.nameTooLong) {
      nameRef.current?.focus();
    } else if (message === CHECKLIST_MESSAGES.taskRequired) {
      addTaskRef.current?.focus();
    } else if (message === CHECKLIST_MESSAGES.descriptionsRequired) {
      const blank = tasks.find((task) => !task.description.trim());
      if (blank) taskInputs.current.get(blank.id)?.focus();
    }
  }

  return {
    nameRef,
    headingRef,
    addTaskRef,
    taskInputs,
    focusTaskId,
    registerTaskInput,
    focusFirstProblem,
  };
}
