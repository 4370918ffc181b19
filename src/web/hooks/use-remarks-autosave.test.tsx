import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, render } from '#tests/support/preact-testing-library';
import { useRemarksAutosave } from './use-remarks-autosave.ts';

const TYPED = 'Alarms not tested: no access to block C.';

type Outcome = 'applied' | 'queued';

/**
 * What the field shows: a component of its own, drawn after the hook's, as on the page. Preact runs a
 * component's pending effects before its next render only when another one was drawn in between, as on
 * the page; a lone component drawn twice in a row drops them, and the race would not show.
 */
function Field({ value }: { value: string }) {
  return <textarea aria-label="Notes & Remarks" value={value} readOnly />;
}

interface Shown {
  shown: string;
  queued: boolean;
}

type Autosave = ReturnType<typeof useRemarksAutosave>;
type Save = (remarks: string) => Promise<Outcome>;

function Harness({ save, shown, queued, hook }: Shown & { save: Save; hook: { current: Autosave } }) {
  hook.current = useRemarksAutosave(save, shown, queued);
  return <Field value={hook.current.value} />;
}

/** The hook over a save the test answers itself; `shown` is the remarks as the page shows them. */
function renderAutosave(server = '') {
  const answers: ((outcome: Outcome) => void)[] = [];
  const save = vi.fn<Save>(() => new Promise<Outcome>((resolve) => answers.push(resolve)));
  const result = { current: undefined as unknown as Autosave };
  const view = render(<Harness save={save} hook={result} shown={server} queued={false} />);
  return {
    result,
    save,
    field: () => view.getByLabelText('Notes & Remarks'),
    rerender: (props: Shown) => view.rerender(<Harness save={save} hook={result} {...props} />),
    answer: (outcome: Outcome = 'applied') => answers.shift()?.(outcome),
  };
}

/** Lets the save's promise and what follows it settle (no timer of the hook is due meanwhile). */
const settled = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('useRemarksAutosave', () => {
  afterEach(cleanup);

  it('takes a newer text from the server while nothing typed here is unsaved', () => {
    const { result, rerender } = renderAutosave('Old note');
    rerender({ shown: 'Written by the owner', queued: false });
    expect(result.current.value).toBe('Written by the owner');
  });

  it('keeps what was typed while the server still shows the text from before its save', async () => {
    const { result, rerender, save, answer, field } = renderAutosave('');
    act(() => result.current.setValue(TYPED));
    act(() => result.current.flush());
    expect(save).toHaveBeenCalledWith(TYPED);
    // While it is sent, the queue lays the change over the server's copy.
    rerender({ shown: TYPED, queued: true });

    // The answer: the queue drops the change at once, but the page's copy of the checklist comes a
    // moment later (the query cache tells its observers in a later task). Preact runs the effects of
    // that render after paint, so after the save's promise has settled.
    await act(async () => {
      rerender({ shown: '', queued: false });
      answer('applied');
      await settled();
    });
    // What a submit at this moment sends (use-checklist-submit.ts), and what the person sees.
    expect(result.current.value).toBe(TYPED);
    expect(field()).toHaveProperty('value', TYPED);

    rerender({ shown: TYPED, queued: false });
    expect(result.current.value).toBe(TYPED);
    expect(result.current.state).toBe('saved');
  });

  it('still takes a later change made elsewhere after its own save', async () => {
    const { result, rerender, answer } = renderAutosave('');
    act(() => result.current.setValue(TYPED));
    act(() => result.current.flush());
    rerender({ shown: TYPED, queued: true });
    await act(async () => {
      rerender({ shown: '', queued: false });
      answer('applied');
      await settled();
    });
    rerender({ shown: TYPED, queued: false });
    rerender({ shown: 'Block C done after all.', queued: false });
    expect(result.current.value).toBe('Block C done after all.');
  });

  it('keeps the submitted text while the server still shows the one from before the submit', async () => {
    const { result, rerender, field } = renderAutosave('');
    act(() => result.current.setValue(TYPED));
    // The submit carries the text (use-checklist-submit.ts) and is laid over the server's copy.
    rerender({ shown: TYPED, queued: false });
    await act(async () => {
      rerender({ shown: '', queued: false });
      result.current.markSaved(TYPED);
      await settled();
    });
    expect(result.current.value).toBe(TYPED);
    expect(field()).toHaveProperty('value', TYPED);
  });
});
