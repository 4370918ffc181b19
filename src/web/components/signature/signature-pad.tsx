import { type PointerEvent, useEffect, useId, useRef, useState } from 'react';
import {
  hasInk,
  pointsOf,
  SIGNATURE_LIMITS,
  type SignaturePoint,
  type SignatureSubmission,
} from '#domain/signature';
import { useT } from '../../i18n/i18n.tsx';
import { Button } from '../ui/button.tsx';
import { Input, Label } from '../ui/field.tsx';

/**
 * The signature a submit carries (issue 34, decision 0059): drawn with a finger (or a mouse, or a pen)
 * on a canvas, or the signer's name typed instead. Pointer events with `touch-action: none`, so a
 * stroke never scrolls the page; the canvas is drawn at the screen's pixel density (sharp on a phone),
 * while the points are kept in CSS pixels of the box the signer saw, the size the server checks them
 * against. Whoever cannot draw (a keyboard, a screen reader) takes 'Type your name instead'.
 */

export interface SignaturePadProps {
  /** The signature as it stands, or null while it is not one yet (no name, or no ink). */
  onChange(signature: SignatureSubmission | null): void;
  /** The name to start with (the recipient's, when the page knows it). */
  initialName?: string;
}

type Box = { width: number; height: number };

const PAD_HEIGHT = 160;
const round = (value: number) => Math.round(value * 10) / 10;

function paint(canvas: HTMLCanvasElement, strokes: readonly SignaturePoint[][], box: Box | null) {
  const context = canvas.getContext('2d');
  if (!context) return;
  const ratio = window.devicePixelRatio || 1;
  const width = canvas.clientWidth;
  const height = canvas.clientHeight;
  if (canvas.width !== Math.round(width * ratio)) canvas.width = Math.round(width * ratio);
  if (canvas.height !== Math.round(height * ratio)) canvas.height = Math.round(height * ratio);
  context.setTransform(ratio, 0, 0, ratio, 0, 0);
  context.clearRect(0, 0, width, height);
  if (!box) return;
  // Strokes are kept in the box they were drawn in; a box that changed size (the phone turned) scales.
  const scale = Math.min(width / box.width, height / box.height);
  context.lineWidth = 2.5;
  context.lineCap = 'round';
  context.lineJoin = 'round';
  context.strokeStyle = '#0f172a';
  for (const stroke of strokes) {
    const [first, ...rest] = stroke;
    if (!first) continue;
    context.beginPath();
    context.moveTo(first[0] * scale, first[1] * scale);
    if (rest.length === 0) context.lineTo(first[0] * scale + 0.1, first[1] * scale + 0.1);
    for (const [x, y] of rest) context.lineTo(x * scale, y * scale);
    context.stroke();
  }
}

/** The drawing: its strokes (in the box of the first one), and the pointer handlers that add to them. */
function useDrawing(canvas: React.RefObject<HTMLCanvasElement | null>) {
  const [strokes, setStrokes] = useState<SignaturePoint[][]>([]);
  const box = useRef<Box | null>(null);
  const drawing = useRef(false);

  useEffect(() => {
    const element = canvas.current;
    if (!element) return;
    paint(element, strokes, box.current);
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(() => paint(element, strokes, box.current));
    observer.observe(element);
    return () => observer.disconnect();
  }, [canvas, strokes]);

  const pointOf = (event: PointerEvent<HTMLCanvasElement>): SignaturePoint | null => {
    const element = event.currentTarget;
    const rect = element.getBoundingClientRect();
    box.current ??= { width: Math.round(rect.width), height: Math.round(rect.height) };
    const { width, height } = box.current;
    const scale = Math.min(rect.width / width, rect.height / height) || 1;
    const x = Math.min(width, Math.max(0, (event.clientX - rect.left) / scale));
    const y = Math.min(height, Math.max(0, (event.clientY - rect.top) / scale));
    return [round(x), round(y)];
  };

  const roomFor = (all: readonly SignaturePoint[][], newStroke: boolean) => {
    const last = all.at(-1);
    if (pointsOf(all) >= SIGNATURE_LIMITS.pointsMax) return false;
    if (newStroke) return all.length < SIGNATURE_LIMITS.strokesMax;
    return (last?.length ?? 0) < SIGNATURE_LIMITS.pointsPerStrokeMax;
  };

  return {
    strokes,
    box,
    clear() {
      box.current = null;
      setStrokes([]);
    },
    onPointerDown(event: PointerEvent<HTMLCanvasElement>) {
      if (event.button !== 0 && event.pointerType === 'mouse') return;
      event.preventDefault();
      event.currentTarget.setPointerCapture?.(event.pointerId);
      const point = pointOf(event);
      if (!point) return;
      drawing.current = true;
      setStrokes((all) => (roomFor(all, true) ? [...all, [point]] : all));
    },
    onPointerMove(event: PointerEvent<HTMLCanvasElement>) {
      if (!drawing.current) return;
      const point = pointOf(event);
      if (!point) return;
      setStrokes((all) => {
        if (!roomFor(all, false)) return all;
        const last = all.at(-1) ?? [];
        return [...all.slice(0, -1), [...last, point]];
      });
    },
    onPointerUp() {
      drawing.current = false;
    },
  };
}

/** The typed alternative: the name as it will read, in a handwriting-like face, marked typed. */
function TypedSignature({ name, onDraw }: { name: string; onDraw(): void }) {
  const t = useT();
  return (
    <div>
      <p
        className="signature-typed min-h-16 truncate rounded-lg border-2 border-dashed border-slate-300 bg-white px-3 py-2 text-3xl text-slate-900"
        aria-hidden="true"
        data-testid="signature-typed-preview"
      >
        {name.trim() || '\u00a0'}
      </p>
      <p className="mt-1 text-xs text-slate-500">{t('signature.typedNote')}</p>
      <Button type="button" variant="subtle" size="sm" className="mt-1" onClick={onDraw}>
        {t('signature.drawInstead')}
      </Button>
    </div>
  );
}

export function SignaturePad({ onChange, initialName = '' }: SignaturePadProps) {
  const t = useT();
  const id = useId();
  const canvas = useRef<HTMLCanvasElement>(null);
  const [mode, setMode] = useState<'drawn' | 'typed'>('drawn');
  const [name, setName] = useState(initialName);
  const drawing = useDrawing(canvas);
  const { strokes, box } = drawing;

  useEffect(() => {
    const signer = name.trim();
    if (!signer) return onChange(null);
    if (mode === 'typed') return onChange({ kind: 'typed', name: signer });
    if (!hasInk(strokes) || !box.current) return onChange(null);
    onChange({ kind: 'drawn', name: signer, ...box.current, strokes });
  }, [mode, name, strokes, box, onChange]);

  return (
    <div className="space-y-3" data-testid="signature-pad">
      {mode === 'drawn' ? (
        <div>
          <p id={`${id}-hint`} className="mb-1 text-sm text-slate-600">
            {t('signature.padHint')}
          </p>
          <canvas
            ref={canvas}
            role="img"
            aria-label={t('signature.padLabel')}
            aria-describedby={`${id}-hint`}
            data-testid="signature-canvas"
            className="block h-40 w-full cursor-crosshair touch-none rounded-lg border-2 border-dashed border-slate-300 bg-white"
            height={PAD_HEIGHT}
            onPointerDown={drawing.onPointerDown}
            onPointerMove={drawing.onPointerMove}
            onPointerUp={drawing.onPointerUp}
            onPointerCancel={drawing.onPointerUp}
          />
          <div className="mt-2 flex flex-wrap justify-between gap-2">
            <Button
              type="button"
              variant="secondary"
              size="sm"
              onClick={drawing.clear}
              disabled={strokes.length === 0}
            >
              {t('signature.clear')}
            </Button>
            <Button type="button" variant="subtle" size="sm" onClick={() => setMode('typed')}>
              {t('signature.typeInstead')}
            </Button>
          </div>
        </div>
      ) : (
        <TypedSignature name={name} onDraw={() => setMode('drawn')} />
      )}
      <div>
        <Label htmlFor={`${id}-name`}>{t('signature.name')}</Label>
        <Input
          id={`${id}-name`}
          className="mt-1"
          value={name}
          maxLength={SIGNATURE_LIMITS.nameMax}
          autoComplete="name"
          required
          onChange={(event) => setName(event.target.value)}
        />
      </div>
    </div>
  );
}
