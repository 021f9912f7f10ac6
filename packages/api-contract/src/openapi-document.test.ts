import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { OPENAPI_PATH, renderOpenApiDocument } from './openapi-document';

describe('openapi.json', () => {
  it('matches the endpoint definitions (run `npm run openapi -w @trellis/api-contract` when this fails)', () => {
    expect(readFileSync(OPENAPI_PATH, 'utf8')).toBe(renderOpenApiDocument());
  });

  it('documents every operation once with its error shape', () => {
    const document = JSON.parse(renderOpenApiDocument()) as {
      paths: Record<
        string,
        Record<string, { operationId: string; responses: Record<string, unknown> }>
      >;
    };
    const operations = Object.values(document.paths).flatMap((methods) => Object.values(methods));
    const ids = operations.map((operation) => operation.operationId);
    expect(new Set(ids).size).toBe(ids.length);
    for (const operation of operations) expect(operation.responses['400']).toBeDefined();
  });
});
