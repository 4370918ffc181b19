import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen } from '#tests/support/preact-testing-library';
import SignatureDialog from '../../pages/checklist/signature-dialog.tsx';

/**
 * The signature pad in its dialog (issue 34): a drawing made of pointer moves, 'Clear', the typed
 * name for whoever cannot draw (reachable by keyboard), and no submit until there is a signature.
 */

const BOX = { left: 10, top: 20, width: 300, height: 160 };

beforeEach(() => {
  // jsdom draws nothing: a context that takes the calls, and the box the pad measures.
  const context = new Proxy({}, { get: () => () => undefined, set: () => true });
  vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(context as never);
  vi.spyOn(HTMLCanvasElement.prototype, 'getBoundingClientRect').mockReturnValue({
    ...BOX,
    x: BOX.left,
    y: BOX.top,
    right: BOX.left + BOX.width,
    bottom: BOX.top + BOX.height,
    toJSON: () => ({}),
  });
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

function renderDialog() {
  const onSign = vi.fn();
  render(<SignatureDialog open onOpenChange={() => {}} onSign={onSign} pending={false} />);
  return { onSign, submit: () => fireEvent.click(screen.getByRole('button', { name: 'Sign and submit' })) };
}

function draw(canvas: HTMLElement, points: [number, number][]) {
  const [first, ...rest] = points;
  if (!first) return;
  fireEvent.pointerDown(canvas, {
    clientX: BOX.left + first[0],
    clientY: BOX.top + first[1],
    pointerId: 1,
    button: 0,
  });
  for (const [x, y] of rest)
    fireEvent.pointerMove(canvas, { clientX: BOX.left + x, clientY: BOX.top + y, pointerId: 1 });
  fireEvent.pointerUp(canvas, { pointerId: 1 });
}

describe('the signature pad', () => {
  it('sends the strokes drawn, in the box the signer saw, with the name', () => {
    const { onSign, submit } = renderDialog();
    const canvas = screen.getByRole('img', { name: 'Signature pad' });
    expect(canvas.className).toContain('touch-none');
    draw(canvas, [
      [10, 100],
      [40, 40],
      [70, 110],
      [400, 90], // past the box's edge: kept on it
    ]);
    fireEvent.change(screen.getByLabelText('Your full name'), { target: { value: '  Jane Doe ' } });
    submit();
    expect(onSign).toHaveBeenCalledWith({
      kind: 'drawn',
      name: 'Jane Doe',
      width: 300,
      height: 160,
      strokes: [
        [
          [10, 100],
          [40, 40],
          [70, 110],
          [300, 90],
        ],
      ],
    });
  });

  it('asks for a signature and a name before it sends; Clear takes the ink away', () => {
    const { onSign, submit } = renderDialog();
    fireEvent.change(screen.getByLabelText('Your full name'), { target: { value: 'Jane' } });
    submit();
    expect(onSign).not.toHaveBeenCalled();
    expect(screen.getByRole('alert').textContent).toMatch(/Draw your signature/);

    const canvas = screen.getByRole('img', { name: 'Signature pad' });
    draw(canvas, [
      [1, 1],
      [2, 2],
      [3, 3],
      [4, 4],
    ]);
    fireEvent.click(screen.getByRole('button', { name: 'Clear' }));
    submit();
    expect(onSign).not.toHaveBeenCalled();
  });

  it('takes a typed name instead, from a button the keyboard reaches', () => {
    const { onSign, submit } = renderDialog();
    const typeInstead = screen.getByRole('button', { name: 'Type your name instead' });
    expect(typeInstead.tabIndex).not.toBe(-1);
    fireEvent.click(typeInstead);
    expect(screen.queryByRole('img', { name: 'Signature pad' })).toBeNull();
    expect(screen.getByText('Typed signature')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Your full name'), { target: { value: 'Zoë Łukasik' } });
    expect(screen.getByTestId('signature-typed-preview').textContent).toBe('Zoë Łukasik');
    submit();
    expect(onSign).toHaveBeenCalledWith({ kind: 'typed', name: 'Zoë Łukasik' });
    // And back to drawing.
    fireEvent.click(screen.getByRole('button', { name: 'Draw instead' }));
    expect(screen.getByRole('img', { name: 'Signature pad' })).toBeTruthy();
  });
});
