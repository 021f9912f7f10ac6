// Writes packages/api-contract/openapi.json from the endpoint definitions.
import { writeFileSync } from 'node:fs';
import { OPENAPI_PATH, renderOpenApiDocument } from '../src/openapi-document';

writeFileSync(OPENAPI_PATH, renderOpenApiDocument());
console.log(`wrote ${OPENAPI_PATH.pathname}`);
