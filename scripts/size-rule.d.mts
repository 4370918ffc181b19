export const MAX_FILE_LINES: number;
export const MAX_FUNCTION_LINES: number;
export interface SizeViolation {
  kind: 'file' | 'function';
  file: string;
  name: string;
  line?: number;
  lines: number;
}
export function isRuledSource(file: string): boolean;
export function measureSource(file: string, text: string): SizeViolation[];
export function exceptionKey(violation: SizeViolation, index?: number): string;
export function keyed(violations: SizeViolation[]): (SizeViolation & { key: string })[];
export function judge(violations: SizeViolation[], exceptions: Record<string, number>): string[];
