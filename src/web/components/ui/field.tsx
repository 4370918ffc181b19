import type { ComponentProps } from 'react';
import { cn } from '../../lib/cn.ts';

/** The look every text field shares (its height or vertical padding is the field's own). */
export const FIELD = cn(
  'block w-full rounded-lg border border-slate-300 bg-white px-3 text-base text-slate-900 placeholder:text-slate-400',
  'focus:border-indigo-500 focus:outline-2 focus:outline-offset-0 focus:outline-indigo-200',
  'disabled:cursor-not-allowed disabled:bg-slate-100 aria-invalid:border-red-500',
);

export function Label({ className, ...props }: ComponentProps<'label'>) {
  // biome-ignore lint/a11y/noLabelWithoutControl: callers pass htmlFor or wrap the control
  return <label className={cn('block text-sm font-medium text-slate-800', className)} {...props} />;
}

export function Input({ className, ...props }: ComponentProps<'input'>) {
  return <input className={cn('h-11', FIELD, className)} {...props} />;
}

export function Checkbox({ className, ...props }: Omit<ComponentProps<'input'>, 'type'>) {
  return (
    <input
      type="checkbox"
      className={cn('mt-0.5 h-5 w-5 shrink-0 rounded border-slate-300 accent-indigo-600', className)}
      {...props}
    />
  );
}

export function Textarea({ className, ...props }: ComponentProps<'textarea'>) {
  return <textarea className={cn('py-2', FIELD, className)} {...props} />;
}
