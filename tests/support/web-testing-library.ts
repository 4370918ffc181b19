import { configure, getConfig } from '@testing-library/preact';
import { settle } from './preact-paint.ts';

// findBy*/waitFor give up after 1 s by default: a budget, not a speed check, and one a shared two-core
// machine running several test files at once can exceed (lazy chunks, a query's first answer). What a
// test waits for must still happen; it is only allowed longer to happen. Kept under the web project's
// test timeout (vitest.config.ts), so a wait that fails says what it waited for.
configure({ asyncUtilTimeout: 15_000 });

// Once a waitFor/findBy* has what it waited for, the work already under way (renders, the effects
// after their paint) finishes before the test goes on, as React's Testing Library has it (its
// asyncWrapper waits a task, in which React runs them): tests/support/preact-paint.ts.
const { asyncWrapper } = getConfig();
configure({
  asyncWrapper: async (callback) => {
    const result = await asyncWrapper(callback);
    await settle();
    return result;
  },
});
