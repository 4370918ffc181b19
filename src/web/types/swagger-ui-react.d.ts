// swagger-ui-react ships no types (and @types/swagger-ui-react trails its releases): the props the
// /developers page uses (pages/developers/api-reference.tsx), as its README documents them.
declare module 'swagger-ui-react' {
  import type { ComponentType } from 'react';

  export interface SwaggerUIProps {
    url?: string;
    spec?: object;
    docExpansion?: 'list' | 'full' | 'none';
    defaultModelsExpandDepth?: number;
    defaultModelExpandDepth?: number;
    supportedSubmitMethods?: string[];
    deepLinking?: boolean;
    showExtensions?: boolean;
    tryItOutEnabled?: boolean;
    onComplete?: (system: unknown) => void;
  }

  const SwaggerUI: ComponentType<SwaggerUIProps>;
  export default SwaggerUI;
}
