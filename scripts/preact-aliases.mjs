/**
 * The React API served by Preact (decision 0070): every import of React or ReactDOM, the app's and its
 * packages' (TanStack Query, wouter, Radix, dnd-kit, lucide), resolves to `preact/compat`. Read by the
 * browser's build, the prerender's (which bundles those packages so that this applies to them too) and
 * the web tests, so that what is tested and prerendered is what ships. React's 68 KiB (gzip) of
 * react-dom, react and scheduler become Preact's 11.
 */
/** @type {{ find: RegExp; replacement: string }[]} */
export const preactAliases = [
  { find: /^react-dom\/client$/, replacement: 'preact/compat/client' },
  { find: /^react-dom\/server$/, replacement: 'preact/compat/server' },
  { find: /^react-dom\/test-utils$/, replacement: 'preact/test-utils' },
  { find: /^react-dom$/, replacement: 'preact/compat' },
  { find: /^react\/jsx-runtime$/, replacement: 'preact/jsx-runtime' },
  { find: /^react\/jsx-dev-runtime$/, replacement: 'preact/jsx-dev-runtime' },
  { find: /^react$/, replacement: 'preact/compat' },
  // wouter's shim of useSyncExternalStore (CommonJS that requires React): Preact has the hook itself.
  { find: /^use-sync-external-store\/shim(\/index\.js)?$/, replacement: 'preact/compat' },
];
