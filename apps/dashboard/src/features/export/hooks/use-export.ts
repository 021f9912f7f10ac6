import { useCallback, useEffect, useRef, useState } from 'react';
import type { ExportFormat } from '@trellis/api-contract';
import type { QueryParams } from '@/lib/api-client';
import { errorMessage } from '@/lib/api-error';
import { streamExport, type ExportList, type ExportProgress } from '../api/stream-export';
import { saveFile } from '../utils/save-file';

export type ExportState =
  | { step: 'idle' }
  | ({ step: 'running' } & ExportProgress)
  | { step: 'done'; rows: number; filename: string }
  | { step: 'failed'; message: string };

/**
 * One export at a time: start streams it (progress as rows arrive) and saves the file when it
 * is complete; cancel aborts the request. Leaving the screen cancels a running export too.
 */
export function useExport(list: ExportList, tenantId: string, listQuery: QueryParams) {
  const [state, setState] = useState<ExportState>({ step: 'idle' });
  const controller = useRef<AbortController | undefined>(undefined);

  useEffect(() => () => controller.current?.abort(), []);

  const start = useCallback(
    async (format: ExportFormat) => {
      controller.current?.abort();
      const abort = new AbortController();
      controller.current = abort;
      setState({ step: 'running', rows: 0, total: undefined });
      try {
        const file = await streamExport(list, tenantId, listQuery, format, {
          signal: abort.signal,
          onProgress: (progress) => setState({ step: 'running', ...progress }),
        });
        saveFile(file.blob, file.filename);
        setState({ step: 'done', rows: file.rows, filename: file.filename });
      } catch (error) {
        if (abort.signal.aborted) return;
        setState({ step: 'failed', message: errorMessage(error) });
      } finally {
        if (controller.current === abort) controller.current = undefined;
      }
    },
    [list, tenantId, listQuery],
  );

  const cancel = useCallback(() => {
    controller.current?.abort();
    controller.current = undefined;
    setState({ step: 'idle' });
  }, []);

  return { state, start, cancel };
}
