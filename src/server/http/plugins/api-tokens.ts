import type { ApiScope } from '#domain/api-access';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * The scope an API token needs for this route (docs/integrations.md "Tokens"). A route without
     * one is for signed-in sessions only: a bearer request there is 403 insufficient_scope.
     */
    apiScope?: ApiScope;
  }
}
