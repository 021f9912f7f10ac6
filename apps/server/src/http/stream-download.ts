/**
 * File downloads streamed as they are read: rows go through a CSV or JSON writer into the
 * response with back-pressure (a slow client pauses the reads), so memory stays flat for any
 * number of rows, and a client that goes away stops the reads.
 */
import { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { stringify } from 'csv-stringify';
import type { FastifyReply } from 'fastify';
import { EXPORT_TOTAL_HEADER, type ExportFormat } from '@trellis/api-contract';
import { hijackReply } from './hijack-reply';

export interface Download<Row> {
  format: ExportFormat;
  /** The file name without its extension. */
  name: string;
  /** The CSV columns, in order: the row schema's fields. */
  columns: readonly string[];
  /** How many rows will come, sent as a header before them (progress in the browser). */
  total: number;
  rows: AsyncIterable<Row>;
}

const CONTENT_TYPES: Record<ExportFormat, string> = {
  csv: 'text/csv; charset=utf-8',
  json: 'application/json; charset=utf-8',
};

export async function sendDownload<Row>(reply: FastifyReply, download: Download<Row>) {
  const filename = `${download.name}.${download.format}`;
  const raw = hijackReply(reply);
  raw.writeHead(200, {
    'content-type': CONTENT_TYPES[download.format],
    'content-disposition': `attachment; filename="${filename}"`,
    'cache-control': 'no-store',
    [EXPORT_TOTAL_HEADER]: String(download.total),
  });
  try {
    await pipeline(Readable.from(download.rows), writerFor(download), raw);
  } catch (error) {
    // The client went away (cancelled) or a read failed mid-file: the response is cut short,
    // which the client sees as a failed download, never as a complete file.
    if (!raw.destroyed) raw.destroy();
    if ((error as NodeJS.ErrnoException).code !== 'ERR_STREAM_PREMATURE_CLOSE') {
      reply.log.error({ err: error }, `export ${filename} failed`);
    }
  }
}

function writerFor<Row>(download: Download<Row>): Transform {
  if (download.format === 'csv') {
    return stringify({
      header: true,
      columns: [...download.columns],
      // Metadata, payloads and error messages are user data opened in spreadsheets: a value
      // starting with = + - @ must not run as a formula there.
      escape_formulas: true,
    });
  }
  return jsonArrayLines();
}

/**
 * A JSON array with one row per line: `[`, the rows separated by `,`, `]`. A row never spans
 * lines (JSON.stringify escapes newlines), so a reader can count rows as lines arrive.
 */
function jsonArrayLines(): Transform {
  let rows = 0;
  return new Transform({
    writableObjectMode: true,
    transform(row: unknown, _encoding, done) {
      done(null, `${rows++ === 0 ? '[\n' : ',\n'}${JSON.stringify(row)}`);
    },
    flush(done) {
      done(null, rows === 0 ? '[]\n' : '\n]\n');
    },
  });
}

/** A file name's time part: `20261127-072216`, sortable and safe on every file system. */
export function fileTimestamp(at: Date): string {
  return at.toISOString().slice(0, 19).replace(/-|:/g, '').replace('T', '-');
}
