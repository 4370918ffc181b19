import { useEffect } from 'react';
import { useLocation } from 'wouter';

/**
 * A page view for each route the app shows. The code that sends it loads after the first render, in
 * its own chunk: the shared page's first load has no room for it (docs/modes-and-limits.md "Budgets").
 */
export function PageViews() {
  const [path] = useLocation();
  useEffect(() => {
    import('../lib/page-view.ts').then(
      (analytics) => analytics.trackPageView(path),
      () => {},
    );
  }, [path]);
  return null;
}
