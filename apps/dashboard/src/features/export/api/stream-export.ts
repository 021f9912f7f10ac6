import type { EXPORT_TOTAL_HEADER, ExportFormat } from '@trellis/api-contract';
import { API_BASE, api, type QueryParams } from '@/lib/api-client';
import { createRowCounter } from '../utils/row-counter';
import { attachmentName, exportFilters } from '../utils/export-query';

/** Typed against the contract's constant, which the dashboard cannot import (zod stays out). */
const TOTAL_HEADER: typeof EXPORT_TOTAL_HEADER = 'x-total-count';

export type ExportList = 'runs' | 'events';

const PATHS: Record<ExportList, string> = {
  runs: 'workflow-runs/export',
  events: 'events/export',
};

export interface ExportProgress {
  rows: number;
  /**
   * Counted by the server before the first row; rows created while the export runs can make
   * `rows` pass it. Undefined if it sent none.
   */
  total: number | undefined;
}

export interface ExportedFile {
  blob: Blob;
  filename: string;
  rows: number;
}

/**
 * GET /api/v1/stable/tenants/{tenant}/{workflow-runs|events}/export: every row the list's
 * filters match, read chunk by chunk as the server streams it, reporting progress as rows
 * arrive. The chunks are kept as they came (one Blob at the end), never parsed.
 */
export async function streamExport(
  list: ExportList,
  tenantId: string,
  listQuery: QueryParams,
  format: ExportFormat,
  options: { signal: AbortSignal; onProgress: (progress: ExportProgress) => void },
): Promise<ExportedFile> {
  const response = await api.stream(
    `${API_BASE}/stable/tenants/${encodeURIComponent(tenantId)}/${PATHS[list]}`,
    {
      query: { ...exportFilters(listQuery), format },
      signal: options.signal,
      headers: { Accept: format === 'csv' ? 'text/csv' : 'application/json' },
    },
  );
  const totalHeader = response.headers.get(TOTAL_HEADER);
  const total = totalHeader === null ? undefined : Number(totalHeader);
  const countRows = createRowCounter(format);
  const chunks: Uint8Array<ArrayBuffer>[] = [];
  let rows = 0;
  options.onProgress({ rows, total });
  if (response.body) {
    const reader = response.body.getReader();
    // A server that fails mid-file cuts the response short, so this read fails too: a
    // partial file is never saved as if it were whole.
    try {
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        chunks.push(value);
        rows = countRows(value);
        options.onProgress({ rows, total });
      }
    } catch (error) {
      if (options.signal.aborted) throw error;
      const reason = error instanceof Error ? ` (${error.message})` : '';
      throw new Error(`The download stopped after ${rows} rows${reason}. Nothing was saved.`, {
        cause: error,
      });
    }
  }
  return {
    blob: new Blob(chunks, { type: response.headers.get('content-type') ?? undefined }),
    filename: attachmentName(response.headers.get('content-disposition'), `${list}.${format}`),
    rows,
  };
}
