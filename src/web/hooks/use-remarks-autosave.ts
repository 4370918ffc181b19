import { useCallback, useEffect, useRef, useState } from 'react';
import { type ChecklistCache, useSaveRemarks } from './use-checklist-actions.ts';

/** How long typing must pause before the remarks are saved. */
export const REMARKS_DEBOUNCE_MS = 800;

export type RemarksSaveState = 'idle' | 'pending' | 'saving' | 'saved' | 'error';

/**
 * The 'Notes & Remarks' text with debounced saving (and at once when the field is left). A newer text from the server is taken only
 * while nothing typed here is unsaved; what was typed just before leaving the page is still sent.
 */
export function useRemarksAutosave(cache: ChecklistCache, serverRemarks: string) {
  const { mutateAsync } = useSaveRemarks(cache);
  const [value, setValue] = useState(serverRemarks);
  const [state, setState] = useState<RemarksSaveState>('idle');
  const saved = useRef(serverRemarks);
  const latest = useRef(value);
  latest.current = value;

  useEffect(() => {
    if (latest.current === saved.current && serverRemarks !== saved.current) {
      saved.current = serverRemarks;
      setValue(serverRemarks);
    }
  }, [serverRemarks]);

  const sending = useRef<string | null>(null);
  const timer = useRef<number | undefined>(undefined);

  const send = useCallback(
    async (text: string) => {
      if (text === saved.current) {
        setState((current) => (current === 'idle' ? 'idle' : 'saved'));
        return;
      }
      if (text === sending.current) return; // the same text is on its way (a blur right after the pause)
      sending.current = text;
      setState('saving');
      try {
        await mutateAsync(text);
        saved.current = text;
        setState(latest.current === text ? 'saved' : 'pending');
      } catch (error) {
        console.warn('Saving the remarks failed', error);
        setState('error');
      } finally {
        if (sending.current === text) sending.current = null;
      }
    },
    [mutateAsync],
  );

  useEffect(() => {
    if (value === saved.current) return;
    setState('pending');
    timer.current = window.setTimeout(() => void send(value), REMARKS_DEBOUNCE_MS);
    return () => window.clearTimeout(timer.current);
  }, [value, send]);

  useEffect(
    () => () => {
      if (latest.current !== saved.current) void mutateAsync(latest.current).catch(() => undefined);
    },
    [mutateAsync],
  );

  return {
    value,
    setValue,
    state,
    /** The text was saved another way (with the submit). */
    markSaved: useCallback((text: string) => {
      saved.current = text;
      setState('saved');
    }, []),
    retry: () => void send(latest.current),
    /** Leaving the field saves at once, without waiting for the pause. */
    flush: () => {
      window.clearTimeout(timer.current);
      if (latest.current !== saved.current) void send(latest.current);
    },
  };
}
