import { afterAll, afterEach, beforeEach, vi } from 'vitest';

/**
 * docs/how-we-write-code.md "Tests": a console.error during a test is a failure. Every call is recorded (and still printed),
 * and the test that made it fails when it ends; calls made outside any test fail the file.
 */
const calls: string[] = [];
const original = console.error.bind(console);

vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
  calls.push(args.map((arg) => (arg instanceof Error ? (arg.stack ?? arg.message) : String(arg))).join(' '));
  original(...args);
});

function takeCalls(): string[] {
  return calls.splice(0, calls.length);
}

function failOn(made: string[], when: string): void {
  if (made.length > 0) {
    throw new Error(`console.error was called ${when}:\n${made.map((line) => `  - ${line}`).join('\n')}`);
  }
}

beforeEach(() => {
  failOn(takeCalls(), 'outside a test (before this one)');
});

afterEach(() => {
  failOn(takeCalls(), 'during this test');
});

afterAll(() => {
  failOn(takeCalls(), 'outside a test');
});
