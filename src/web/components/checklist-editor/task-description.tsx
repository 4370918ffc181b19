import { type ChangeEvent, type KeyboardEvent, useEffect, useRef } from 'react';
import { CHECKLIST_LIMITS } from '#domain/checklist';
import { AutoSizeTextarea } from '../ui/auto-size-textarea.tsx';
import { singleLine } from './draft.ts';

export interface TaskDescriptionProps {
  number: number;
  value: string;
  disabled: boolean;
  onChange(value: string): void;
  /** Enter: the editor moves on to the next task, or appends one after the last. */
  onEnter(): void;
  inputRef(element: HTMLTextAreaElement | null): void;
}

/**
 * A task's description (issue 18): a text area that wraps and grows, so a phone shows all of it, but
 * still one line of text, as the spec has it. Enter goes on to the next task (from the last, a new
 * one) instead of a line break; Shift+Enter adds nothing; Ctrl/Cmd+Enter saves the form, as Enter did
 * in the one-line field; a pasted line break becomes a space.
 */
export function TaskDescription({
  number,
  value,
  disabled,
  onChange,
  onEnter,
  inputRef,
}: TaskDescriptionProps) {
  const own = useRef<HTMLTextAreaElement | null>(null);
  const latestOnEnter = useRef(onEnter);
  latestOnEnter.current = onEnter;

  // A phone's keyboard may send Enter only as the line break it would insert (keydown says 229 while
  // a word is being composed): that line break is turned into the same new task.
  useEffect(() => {
    const element = own.current;
    if (!element) return;
    const onBeforeInput = (event: InputEvent) => {
      if (event.inputType !== 'insertLineBreak' && event.inputType !== 'insertParagraph') return;
      event.preventDefault();
      latestOnEnter.current();
    };
    element.addEventListener('beforeinput', onBeforeInput);
    return () => element.removeEventListener('beforeinput', onBeforeInput);
  }, []);

  function handleKeyDown(event: KeyboardEvent<HTMLTextAreaElement>) {
    // Enter that confirms an input method's composition (Japanese, Chinese) is not ours.
    if (event.key !== 'Enter' || event.nativeEvent.isComposing) return;
    event.preventDefault();
    if (event.ctrlKey || event.metaKey) event.currentTarget.form?.requestSubmit();
    else if (!event.shiftKey && !event.altKey) latestOnEnter.current();
  }

  function handleChange(event: ChangeEvent<HTMLTextAreaElement>) {
    const element = event.currentTarget;
    if (!/[\r\n]/.test(element.value)) {
      onChange(element.value);
      return;
    }
    // A pasted or dropped line break: a space, the caret kept where the text went in.
    const caret = singleLine(element.value.slice(0, element.selectionStart)).length;
    const text = singleLine(element.value);
    element.value = text;
    element.setSelectionRange(caret, caret);
    onChange(text);
  }

  return (
    <AutoSizeTextarea
      ref={(element) => {
        own.current = element;
        inputRef(element);
      }}
      value={value}
      onChange={handleChange}
      onKeyDown={handleKeyDown}
      enterKeyHint="next"
      aria-label={`Task ${number} description`}
      placeholder="Describe the task"
      maxLength={CHECKLIST_LIMITS.descriptionMax}
      disabled={disabled}
      className="col-start-2 row-start-1"
    />
  );
}
