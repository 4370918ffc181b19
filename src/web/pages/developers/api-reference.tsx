import SwaggerUI from 'swagger-ui-react';
import 'swagger-ui-react/swagger-ui.css';
import './api-reference.css';
import { OPENAPI_PATH } from '#domain/api-docs';

/**
 * The API reference: the OpenAPI document drawn by swagger-ui-react (decision 0051). Its own chunk,
 * loaded by pages/developers.tsx only when this page shows it; its stylesheet is a file Vite emits
 * beside the chunk (a <link>, never an inline <style>: the CSP allows none). Calls are not sent from
 * here ("Try it out" off): the quick start's curl commands are the way to try the API with a token.
 */
export default function ApiReference() {
  return (
    <div className="listsync-api-reference">
      <SwaggerUI
        url={OPENAPI_PATH}
        docExpansion="list"
        defaultModelsExpandDepth={-1}
        supportedSubmitMethods={[]}
        deepLinking={false}
        showExtensions
      />
    </div>
  );
}
