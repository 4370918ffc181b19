import { useLayoutEffect, useState } from 'react';

/**
 * `value` as it was, and a change of it a task later: the render the change causes here is a task of
 * its own, apart from the render of everything else it changed. Preact (decision 0070) draws one
 * update in one task; when /api/auth/me answers, the header's nav and the page's queries were one
 * long task on a phone (`bench:trace`). The first render has the value at once (hydration draws what
 * the server drew).
 */
export function useNextTaskValue<T>(value: T): T {
  const [shown, setShown] = useState(() => value);
  useLayoutEffect(() => {
    if (Object.is(shown, value)) return;
    const timer = setTimeout(() => setShown(() => value), 0);
    return () => clearTimeout(timer);
  }, [shown, value]);
  return shown;
}
