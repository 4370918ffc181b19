import { configure } from '@testing-library/react';

// findBy*/waitFor give up after 1 s by default: a budget, not a speed check, and one a shared two-core
// machine running several test files at once can exceed (lazy chunks, a query's first answer). What a
// test waits for must still happen; it is only allowed longer to happen. Kept under the web project's
// test timeout (vitest.config.ts), so a wait that fails says what it waited for.
configure({ asyncUtilTimeout: 15_000 });
