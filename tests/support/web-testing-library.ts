import { configure } from '@testing-library/react';

// findBy*/waitFor give up after 1 s by default: a budget, not a speed check, and one a shared two-core
// machine running several test files at once can exceed (lazy chunks, a query's first answer). What a
// test waits for must still happen; it is only allowed longer to happen.
configure({ asyncUtilTimeout: 5_000 });
