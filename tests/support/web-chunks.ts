import { preloadToaster } from '#web/components/ui/toast.tsx';

// In the browser the code behind an interaction (toasts) arrives when the page is first idle, before
// anything happens; the components then render it at once (lib/lazy-chunk.tsx). Here it is fetched
// before each file's tests, as it is there by then.
await Promise.all([preloadToaster()]);
