import { useQuery } from '@tanstack/react-query';
import { PenLine } from 'lucide-react';
import type { ChecklistSignature, SignatureDetail, SignatureDrawing } from '#domain/signature';
import { useHydrated } from '../../hooks/use-hydrated.ts';
import { useT, useUiLanguage } from '../../i18n/i18n.tsx';
import { apiRequest } from '../../lib/api.ts';

/**
 * The checklist's latest signature (issue 34): a drawn one redrawn from its strokes as SVG (fetched
 * when shown: the checklist's answers carry who signed and when, not the strokes), a typed one as the
 * name in a handwriting-like face marked 'typed'; then who signed and when.
 */

function SignatureDrawingSvg({ drawing, label }: { drawing: SignatureDrawing; label: string }) {
  return (
    <svg
      viewBox={`0 0 ${drawing.width} ${drawing.height}`}
      className="h-28 w-full max-w-sm"
      role="img"
      aria-label={label}
      data-testid="signature-drawing"
      preserveAspectRatio="xMidYMid meet"
    >
      {drawing.strokes.map((stroke, index) =>
        stroke.length === 1 ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: strokes never move; their order is their identity
          <circle key={index} cx={stroke[0]?.[0]} cy={stroke[0]?.[1]} r={1.5} fill="#0f172a" />
        ) : (
          <polyline
            // biome-ignore lint/suspicious/noArrayIndexKey: strokes never move; their order is their identity
            key={index}
            points={stroke.map(([x, y]) => `${x},${y}`).join(' ')}
            fill="none"
            stroke="#0f172a"
            strokeWidth={2.5}
            strokeLinecap="round"
            strokeLinejoin="round"
          />
        ),
      )}
    </svg>
  );
}

export function SignatureCard({
  checklistId,
  signature,
}: {
  checklistId: string;
  signature: ChecklistSignature;
}) {
  const t = useT();
  const language = useUiLanguage();
  const drawn = signature.kind === 'drawn';
  const detail = useQuery({
    queryKey: ['checklist-signature', checklistId, signature.signedAt],
    queryFn: () => apiRequest<SignatureDetail>('GET', `/api/checklists/${checklistId}/signature`),
    enabled: drawn,
    staleTime: Number.POSITIVE_INFINITY,
  });
  // A prerendered page (the shared page) is drawn where the reader's zone is unknown, by another ICU
  // than the browser's: a fixed UTC text there and while it hydrates (no mismatch), then local time.
  // The drawing too waits for hydration: this device's kept query cache may hold it, the server's not.
  const hydrated = useHydrated();
  const time = hydrated
    ? new Date(signature.signedAt).toLocaleString(language, { dateStyle: 'medium', timeStyle: 'short' })
    : `${signature.signedAt.slice(0, 10)} ${signature.signedAt.slice(11, 16)} UTC`;
  return (
    <section
      className="mt-4 rounded-xl border border-slate-200 bg-white px-4 py-3"
      aria-labelledby="signature-heading"
      data-testid="signature-card"
    >
      <h2 id="signature-heading" className="flex items-center gap-2 text-sm font-semibold text-slate-900">
        <PenLine className="h-4 w-4 text-slate-500" aria-hidden="true" />
        {t('signature.heading')}
      </h2>
      <div className="mt-2">
        {drawn ? (
          hydrated && detail.data?.drawing ? (
            <SignatureDrawingSvg
              drawing={detail.data.drawing}
              label={t('signature.drawnAlt', { name: signature.signerName })}
            />
          ) : (
            <div className="h-28 w-full max-w-sm rounded bg-slate-50" aria-hidden="true" />
          )
        ) : (
          <p className="flex items-baseline gap-2">
            <span className="signature-typed truncate text-3xl text-slate-900" data-testid="signature-typed">
              {signature.signerName}
            </span>
            <span className="text-xs text-slate-500">({t('signature.typed')})</span>
          </p>
        )}
      </div>
      <p className="mt-1 text-sm text-slate-600" data-testid="signature-signed-by">
        {t('signature.signedBy', { name: signature.signerName, time })}
      </p>
    </section>
  );
}
