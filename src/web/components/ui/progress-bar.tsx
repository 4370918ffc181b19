import { cn } from '../../lib/cn.ts';

export interface ProgressBarProps {
  label: string;
  /** 0-100; null when the amount is not known (a sliver shows that something is under way). */
  value: number | null;
  /** What a screen reader says instead of the number, when the number alone would not say it. */
  valueText?: string;
  /** Its height and spacing (h-2 unless said). */
  className?: string;
  /** The filled part's colour (an SVG fill). */
  barClassName?: string;
}

/**
 * A horizontal progress bar (role=progressbar). The filled part is an SVG rectangle whose width is an
 * attribute, not a style: the server draws it into HTML (a verified recipient's checklist), where our
 * CSP refuses every inline style. Its ends are rounded by half its height (`ry`; `rx` follows).
 */
export function ProgressBar({
  label,
  value,
  valueText,
  className = 'h-2',
  barClassName = 'fill-indigo-600',
}: ProgressBarProps) {
  return (
    <div
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={value ?? undefined}
      aria-valuetext={valueText}
      className={cn('w-full overflow-hidden rounded-full bg-slate-200', className)}
    >
      {/* Filled from the start of the line: the right in a right-to-left page. */}
      <svg className="block h-full w-full rtl:-scale-x-100" aria-hidden="true" focusable="false">
        <rect
          width={`${value ?? 5}%`}
          height="100%"
          ry="50%"
          className={cn('transition-[width] duration-300', barClassName)}
        />
      </svg>
    </div>
  );
}
