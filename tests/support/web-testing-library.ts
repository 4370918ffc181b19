import { configure } from '@testing-library/preact';

// findBy*/waitFor give up after 1 s by default: a budget, not a speed check, and one a shared two-core
// machine running several test files at once can exceed (lazy chunks, a query's first answer). What a
// test waits for must still happen; it is only allowed longer to happen. Kept under the web project's
// test timeout (vitest.config.ts), so a wait that fails says what it waited for.
configure({ asyncUtilTimeout: 15_000 });

// React's act() works only where IS_REACT_ACT_ENVIRONMENT is true. Testing Library sets it in a global
// beforeAll, which Vitest (without `globals`) does not have: it was left unset, and a React update
// scheduled inside an act scope then and there logged "The current testing environment is not
// configured to support act(...)" (seen once in a full run, in the photo dialog's progress test, when
// the toaster's idle timer fired during an act). Set here as Testing Library means it to be; its
// waitFor still turns it off while it waits.
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
