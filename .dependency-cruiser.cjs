/**
 * The layer rules (docs/architecture.md, "Layers and their rules") and issue 14, checked by `npm run check:layers`
 * (a step of `npm test`). Known violations, each a piece of issue 14's work, are listed in
 * .dependency-cruiser-known-violations.json: a new one fails; fixing one means regenerating the list
 * (`npm run check:layers -- --baseline`), so it only ever shrinks.
 */
module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment: 'An import cycle: the modules cannot be understood, loaded or split apart one at a time.',
      from: {},
      to: { circular: true },
    },
    {
      name: 'domain-is-pure',
      severity: 'error',
      comment:
        'src/domain is pure TypeScript shared by both sides: no server, no web, no Node built-ins; only pure packages (zod, date-fns, libphonenumber-js).',
      from: { path: '^src/domain/' },
      to: {
        pathNot: ['^src/domain/', '^node_modules/(zod|date-fns|libphonenumber-js)/'],
      },
    },
    {
      name: 'domain-no-node-builtins',
      severity: 'error',
      from: { path: '^src/domain/' },
      to: { dependencyTypes: ['core'] },
    },
    {
      name: 'web-not-server',
      severity: 'error',
      comment: 'The browser never imports server code (it would ship it, secrets and all).',
      from: { path: '^src/web/' },
      to: { path: '^src/server/' },
    },
    {
      name: 'web-not-full-phone-metadata',
      severity: 'error',
      comment:
        "libphonenumber-js's full metadata ('libphonenumber-js/max', ~145 KB: number types for the SMS rules of decision 0017) is for the server; no module the browser loads may reach it.",
      from: { path: '^src/web/' },
      to: {
        path: ['^src/domain/sms-destinations\\.ts$', '^node_modules/libphonenumber-js/max/'],
        reachable: true,
      },
    },
    {
      name: 'server-not-web',
      severity: 'error',
      from: { path: '^src/server/' },
      to: { path: '^src/web/' },
    },
    {
      name: 'adapters-below-services',
      comment:
        'Adapters (external services) depend on nothing above them: not routes, services, repositories, realtime, policies or presenters. An adapter with a table of its own (the local outbox, local billing) keeps that SQL to itself; anything shared is given to it (composition.ts wires it).',
      severity: 'error',
      from: { path: '^src/server/adapters/' },
      to: { path: '^src/server/(http|services|repositories|realtime|policies|presenters)/' },
    },
    {
      name: 'services-not-http',
      severity: 'error',
      comment: 'Services hold the rules, with no HTTP: routes call services, never the other way.',
      from: { path: '^src/server/(services|repositories|policies|presenters|realtime)/' },
      to: { path: '^src/server/http/' },
    },
    {
      name: 'services-not-realtime',
      severity: 'error',
      comment:
        'Realtime delivers what services and the database say (it sits beside the routes): services, repositories, policies and presenters never import it. The notice shapes live in db/change-notice.ts.',
      from: { path: '^src/server/(services|repositories|policies|presenters)/' },
      to: { path: '^src/server/realtime/' },
    },
    {
      name: 'routes-through-services',
      severity: 'error',
      comment:
        'Routes validate, call one service and present: they never query (repositories, the schema, prepared statements). src/server/composition.ts, the composition root, may wire a repository into an adapter.',
      from: { path: '^src/server/http/' },
      to: {
        path: [
          '^src/server/repositories/',
          '^src/server/db/(schema(/|\\.ts$)|prepared\\.ts$)',
          '^node_modules/drizzle-orm/',
        ],
      },
    },
    {
      name: 'repositories-below-services',
      severity: 'error',
      comment:
        'Repositories hold the SQL and nothing above it: no services, routes, presenters or adapters (policies only for the access types and the acting-kind rule).',
      from: { path: '^src/server/repositories/' },
      to: { path: '^src/server/(http|services|realtime|presenters|adapters)/' },
    },
    {
      name: 'sql-only-in-repositories',
      severity: 'error',
      comment:
        'Queries are written in repositories only (and by adapters on their own tables): services, realtime and presenters import no Drizzle, no prepared statements and the schema for its types at most.',
      from: { path: '^src/server/(services|realtime|presenters)/' },
      to: { path: ['^node_modules/drizzle-orm/', '^src/server/db/prepared\\.ts$'] },
    },
    {
      name: 'schema-types-only-above-repositories',
      severity: 'error',
      comment: 'Above repositories the schema is read for its row types only (presenters build from rows).',
      from: { path: '^src/server/(services|realtime|presenters|policies|http)/' },
      to: { path: '^src/server/db/schema(/|\\.ts$)', dependencyTypesNot: ['type-only'] },
    },
    {
      name: 'policies-and-presenters-are-pure',
      severity: 'error',
      comment:
        'Policies decide and presenters shape, with no I/O: no services, repositories, realtime or adapters, no schema but its types. A policy may build an SQL expression from conditions it is given (the tick decides in its own statement), never a query.',
      from: { path: '^src/server/(policies|presenters)/' },
      to: {
        path: [
          '^src/server/(services|repositories|realtime|adapters)/',
          '^src/server/db/(client|prepared)\\.ts$',
        ],
      },
    },
    {
      name: 'db-at-the-bottom',
      severity: 'error',
      from: { path: '^src/server/db/' },
      to: { path: '^src/server/(http|services|repositories|realtime|policies|presenters|adapters)/' },
    },
    {
      name: 'http-files-by-kind',
      severity: 'error',
      comment:
        'src/server/http holds three kinds of file, each in its folder: routes/ (one resource each), plugins/ (what every request goes through: sessions, errors, idempotency, compression, answers) and pages/ (HTML: the app shell, prerendered pages, the sign-in popup). Nothing sits in http/ itself.',
      from: { path: '^src/server/http/[^/]+$' },
      to: {},
    },
    {
      name: 'http-plugins-below-routes-and-pages',
      severity: 'error',
      comment: 'Plugins serve every route and page: they never import one.',
      from: { path: '^src/server/http/plugins/' },
      to: { path: '^src/server/http/(routes|pages)/' },
    },
    {
      name: 'http-routes-and-pages-apart',
      severity: 'error',
      comment:
        'A route and a page server do not import each other (nor does one route another): what two of them share is a plugin, a service or a presenter.',
      from: { path: '^src/server/http/(routes|pages)/' },
      to: { path: '^src/server/http/routes/' },
    },
    {
      name: 'routes-not-pages',
      severity: 'error',
      from: { path: '^src/server/http/routes/' },
      to: { path: '^src/server/http/pages/' },
    },
    {
      name: 'vendor-sdks-only-in-adapters',
      severity: 'error',
      comment:
        "An outside service's SDK (Stripe, Twilio, AWS, nodemailer, OpenID, Redis, translation engines) is imported by its adapter only: the rest of the server sees the adapter's interface and the domain's shapes, so a service can be swapped or faked in one place.",
      from: { path: '^src/', pathNot: '^src/server/adapters/' },
      to: {
        path: '(^|/)node_modules/(stripe|twilio|@aws-sdk/[^/]+|nodemailer|openid-client|oidc-provider|ioredis|deepl-node|@google-cloud/translate)/',
      },
    },
    {
      name: 'web-hooks-not-components',
      severity: 'error',
      comment:
        'Hooks are React glue over sync and the API that components use: a hook never imports a component (the toast API is hooks/use-toast.ts; the toaster that draws it is a component).',
      from: { path: '^src/web/hooks/' },
      to: { path: '^src/web/components/' },
    },
    {
      name: 'web-lower-layers-not-pages',
      severity: 'error',
      comment: 'Sync, hooks, components and lib serve pages; a page is never imported by them.',
      from: { path: '^src/web/(sync|hooks|components|lib)/' },
      to: { path: '^src/web/pages/' },
    },
    {
      name: 'web-lib-not-react-layers',
      severity: 'error',
      comment:
        'src/web/lib is plain code (api client, query client, uploads) at the bottom: no sync, hooks or components.',
      from: { path: '^src/web/lib/' },
      to: { path: '^src/web/(sync|hooks|components)/' },
    },
    {
      name: 'web-sync-below-hooks',
      severity: 'error',
      comment:
        'src/web/sync (the offline queue, the checklist slots, live updates, pending overlays) is plain code that hooks, components and pages build on: it never imports them.',
      from: { path: '^src/web/sync/' },
      to: { path: '^src/web/(hooks|components|pages)/' },
    },
    {
      name: 'web-sync-through-its-index',
      severity: 'error',
      comment:
        'Outside src/web/sync, sync is imported from src/web/sync/index.ts only: its modules can move and split without touching pages (tests, not cruised, may reach inside).',
      from: { path: '^src/web/', pathNot: '^src/web/sync/' },
      to: { path: '^src/web/sync/', pathNot: '^src/web/sync/index\\.ts$' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(\\.test\\.tsx?$|/compiled/)' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    combinedDependencies: false,
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      extensions: ['.ts', '.tsx', '.js', '.mjs', '.cjs', '.json'],
    },
  },
};
