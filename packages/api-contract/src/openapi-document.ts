import { readFileSync } from 'node:fs';
import { allEndpoints, snsUpdate, v1WebhookReceive } from './endpoints';
import { buildOpenApiDocument } from './openapi';

/** Where the committed OpenAPI document lives. */
export const OPENAPI_PATH = new URL('../openapi.json', import.meta.url);

/** The OpenAPI document text exactly as it is committed. */
export function renderOpenApiDocument(): string {
  const { version } = JSON.parse(
    readFileSync(new URL('../package.json', import.meta.url), 'utf8'),
  ) as { version: string };
  const document = buildOpenApiDocument([...allEndpoints, v1WebhookReceive, snsUpdate], {
    title: 'Trellis API',
    version,
  });
  return `${JSON.stringify(document, null, 2)}\n`;
}
