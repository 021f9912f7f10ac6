/**
 * The event key an ingest URL gives the messages it receives: its last path segment
 * (`…/api/v1/sns/<tenant>/<key>`). The server names `sns-event`; any other key works too.
 */
export function ingestEventKey(url: string): string {
  const path = url.split(/[?#]/, 1)[0] ?? '';
  return decodeURIComponent(path.slice(path.lastIndexOf('/') + 1));
}
