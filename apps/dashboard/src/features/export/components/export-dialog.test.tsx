// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { saveFile } from '../utils/save-file';
import ExportDialog from './export-dialog';

vi.mock('../utils/save-file', () => ({ saveFile: vi.fn() }));

const encoder = new TextEncoder();

/** A fetch whose export body the test feeds chunk by chunk. */
function stubStreamingFetch(total: number) {
  let feed: ReadableStreamDefaultController<Uint8Array> | undefined;
  const calls: { url: URL; signal: AbortSignal | undefined }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn((input: string, init: RequestInit = {}) => {
      calls.push({ url: new URL(input), signal: init.signal ?? undefined });
      const body = new ReadableStream<Uint8Array>({
        start(controller) {
          feed = controller;
        },
      });
      init.signal?.addEventListener('abort', () => feed?.error(new DOMException('', 'AbortError')));
      return Promise.resolve(
        new Response(body, {
          headers: {
            'content-type': 'text/csv; charset=utf-8',
            'content-disposition': 'attachment; filename="runs-20260101-000000.csv"',
            'x-total-count': String(total),
          },
        }),
      );
    }),
  );
  return {
    calls,
    send: (text: string) => act(() => feed!.enqueue(encoder.encode(text))),
    end: () => act(() => feed!.close()),
  };
}

function renderDialog() {
  render(
    <ExportDialog
      list="runs"
      tenantId="t1"
      query={{ since: '2026-01-01T00:00:00.000Z', statuses: ['FAILED'], offset: 50, limit: 50 }}
      onClose={vi.fn()}
    />,
  );
}

const exportButton = () => screen.getByRole('button', { name: /^Export/ });

describe('ExportDialog', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    vi.mocked(saveFile).mockReset();
  });

  it('streams the filtered list, shows rows of the total, then saves the whole file', async () => {
    const server = stubStreamingFetch(3);
    renderDialog();
    fireEvent.click(screen.getByRole('radio', { name: /JSON/ }));
    fireEvent.click(screen.getByRole('radio', { name: /CSV/ }));
    fireEvent.click(exportButton());

    await waitFor(() => expect(server.calls).toHaveLength(1));
    const url = server.calls[0]!.url;
    expect(url.pathname).toBe('/api/v1/stable/tenants/t1/workflow-runs/export');
    expect([...url.searchParams]).toEqual([
      ['since', '2026-01-01T00:00:00.000Z'],
      ['statuses', 'FAILED'],
      ['format', 'csv'],
    ]);

    await server.send('id,name\n1,"a\nb"\n');
    expect(await screen.findByText('1 of 3 runs')).toBeTruthy();
    await server.send('2,c\n3,d\n');
    await server.end();

    expect(await screen.findByText('Saved runs-20260101-000000.csv')).toBeTruthy();
    const [blob, filename] = vi.mocked(saveFile).mock.calls[0]!;
    expect(filename).toBe('runs-20260101-000000.csv');
    expect(await blob.text()).toBe('id,name\n1,"a\nb"\n2,c\n3,d\n');
    expect(screen.getByRole('progressbar').getAttribute('aria-valuenow')).toBe('3');
  });

  it('cancels a running export: the request is aborted and nothing is saved', async () => {
    const server = stubStreamingFetch(10);
    renderDialog();
    fireEvent.click(exportButton());
    await server.send('id\n1\n');
    expect(await screen.findByText('1 of 10 runs')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(server.calls[0]!.signal?.aborted).toBe(true);
    await waitFor(() => expect(screen.queryByRole('progressbar')).toBeNull());
    expect(saveFile).not.toHaveBeenCalled();
    expect(exportButton().textContent).toBe('Export');
  });

  it('shows what the server refused', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() =>
        Promise.resolve(
          Response.json(
            { errors: [{ field: 'since', description: 'must be an RFC 3339 date-time' }] },
            { status: 400 },
          ),
        ),
      ),
    );
    renderDialog();
    fireEvent.click(exportButton());
    expect(await screen.findByText('The export failed')).toBeTruthy();
    expect(screen.getByText('must be an RFC 3339 date-time')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
  });
});
