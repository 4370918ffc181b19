import { type ClassValue, clsx } from 'clsx';

/** Joins class names; later utilities are written to win by order, so no merge step is needed. */
export function cn(...values: ClassValue[]): string {
  return clsx(values);
}
