import { type RefObject, useCallback, useEffect, useRef, useState } from 'react';

/** How long typing must pause before the remarks are saved. */
export const REMARKS_DEBOUNCE_MS = 800;

/** 'queued': kept on this device, sent when the connection allows. */
export type RemarksSaveState = 'idle' | 'pending' | 'saving' | 'saved' | 'queued' | 'error';

/**
 * What is shown: a change still in the queue is 'Pending sync' (also after a reload); once the queue
 * has sent it, 'Saved'.
 */
function shownState(state: RemarksSaveState, queuedRemarks: boolean): RemarksSaveState {
  if (queuedRemarks && (state === 'idle' || state === 'saved' || state === 'queued')) return 'queued';
  if (!queuedRemarks && state === 'queued') return 'saved';
  return state;
}

/**
 * The 'Notes & Remarks' text with debounced saving (and at once when the field is left). A newer text
 * from the server is taken only while nothing typed here is unsaved (as of the render that showed it),
 * and never the text a save from this page replaced; what was typed just before leaving the page is
 * still sent. `serverRemarks` is the text as shown (the server's, or one still pending);
 * `queuedRemarks` says whether a remarks change waits in the offline queue.
 */
export function useRemarksAutosave(
  save: (remarks: string) => Promise<'applied' | 'queued'>,
  serverRemarks: string,
  queuedRemarks: boolean,
) {
  const [value, setValue] = useState(serverRemarks);
  const [state, setState] = useState<RemarksSaveState>('idle');
  const latest = useRef(value);
  latest.current = value;
  const saveRef = useRef(save);
  saveRef.current = save;
  const saved = useRef(serverRemarks);
  const savedHere = useSavedRemarks(serverRemarks, value, { saved, latest }, setValue);

  const sending = useRef<string | null>(null);
  const timer = useRef<number | undefined>(undefined);

  const send = useCallback(
    async (text: string) => {
      if (text === saved.current) {
        setState((current) => (current === 'idle' ? 'idle' : current === 'pending' ? 'saved' : current));
        return;
      }
      if (text === sending.current) return; // the same text is on its way (a blur right after the pause)
      sending.current = text;
      setState('saving');
      try {
        const outcome = await saveRef.current(text);
        // Kept on this device counts as saved here: it is no longer at risk, and it is sent later.
        savedHere(text);
        setState(latest.current === text ? (outcome === 'queued' ? 'queued' : 'saved') : 'pending');
      } catch (error) {
        console.warn('Saving the remarks failed', error);
        setState('error');
      } finally {
        if (sending.current === text) sending.current = null;
      }
    },
    [savedHere],
  );

  useEffect(() => {
    if (value === saved.current) return;
    setState('pending');
    timer.current = window.setTimeout(() => void send(value), REMARKS_DEBOUNCE_MS);
    return () => window.clearTimeout(timer.current);
  }, [value, send]);

  useEffect(
    () => () => {
      if (latest.current !== saved.current) void saveRef.current(latest.current).catch(() => undefined);
    },
    [],
  );

  return {
    value,
    setValue,
    state: shownState(state, queuedRemarks),
    /** The text was saved another way (with the submit). */
    markSaved: useCallback(
      (text: string) => {
        savedHere(text);
        setState('saved');
      },
      [savedHere],
    ),
    retry: () => void send(latest.current),
    /** Leaving the field saves at once, without waiting for the pause. */
    flush: () => {
      window.clearTimeout(timer.current);
      if (latest.current !== saved.current) void send(latest.current);
    },
  };
}

/**
 * Keeps `saved` (what the server has of the remarks, as this page knows it) and takes the server's
 * text in while nothing typed here is unsaved. Returns `savedHere(text)`: this page's save or submit
 * put `text` there.
 */
function useSavedRemarks(
  serverRemarks: string,
  value: string,
  { saved, latest }: { saved: RefObject<string>; latest: RefObject<string> },
  setValue: (text: string) => void,
) {
  // The texts this page's own saves replaced, until the page's copy shows the last one saved: a copy
  // still holding one of them is from before that save (the queue lets go of a change as it is
  // answered, and the answer reaches the page's copy a moment later), not a newer text.
  const replaced = useRef(new Set<string>());
  // As of this render: Preact runs effects after paint (or before the component's next render), by
  // which time a save answered meanwhile has moved `saved` on, and the text typed would look saved.
  const unsavedHere = value !== saved.current;

  // biome-ignore lint/correctness/useExhaustiveDependencies: judged as of the render that showed it
  useEffect(() => {
    if (serverRemarks === saved.current) {
      replaced.current.clear();
      return;
    }
    if (unsavedHere || latest.current !== saved.current || replaced.current.has(serverRemarks)) return;
    saved.current = serverRemarks;
    setValue(serverRemarks);
  }, [serverRemarks]);

  /** The server has `text` (this page saved it): the text it had before is older from here on. */
  const savedHere = useCallback(
    (text: string) => {
      if (text === saved.current) return;
      replaced.current.add(saved.current);
      saved.current = text;
    },
    [saved],
  );

  return savedHere;
}
