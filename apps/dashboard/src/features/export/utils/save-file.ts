/** How long the file's object URL lives: long enough for the browser to start saving it. */
const REVOKE_AFTER_MS = 60_000;

/** Hands a file made in the page to the browser's download, as a link to it would. */
export function saveFile(blob: Blob, filename: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), REVOKE_AFTER_MS);
}
