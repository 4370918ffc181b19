import { cn } from '../../lib/cn.ts';

export interface ProgressBarProps {
  label: string;
  /** 0-100; null when the amount is not known (a sliver shows that something is under way). */
  value: number | null;
  /** What a screen reader says instead of the number, when the number alone would not say it. */
  valueText?: string;
  /** Its height and spacing (h-2 unless said). */
  className?: string;
  /** The filled part's colour. */
  barClassName?: string;
}

/** A horizontal progress bar (role=progressbar); its width is set through the CSSOM, which our CSP allows. */
export function ProgressBar({
  label,
  value,
  valueText,
  className = 'h-2',
  barClassName = 'bg-indigo-600',
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
      <div
        className={cn('h-full rounded-full transition-[width] duration-300', barClassName)}
        style={{ width: `${value ?? 5}%` }}
      />
    </div>
  );
}
