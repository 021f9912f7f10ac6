/**
 * Copies text to the clipboard. The async Clipboard API needs a secure context (https or
 * localhost); on a plain-http address the browser hides it, so a hidden textarea and the
 * older copy command take over. `container` is where that textarea goes: inside an open
 * dialog it must be inside the dialog, or the dialog's focus trap takes the focus back.
 */
export async function copyText(text: string, container?: HTMLElement | null): Promise<void> {
  if (typeof navigator !== 'undefined' && navigator.clipboard && window.isSecureContext) {
    try {
      await navigator.clipboard.writeText(text);
      return;
    } catch {
      // Permission refused or document not focused: try the fallback below.
    }
  }
  const parent = container ?? document.body;
  const area = document.createElement('textarea');
  area.value = text;
  area.setAttribute('readonly', '');
  area.setAttribute('aria-hidden', 'true');
  area.style.position = 'fixed';
  area.style.top = '0';
  area.style.left = '0';
  area.style.opacity = '0';
  parent.appendChild(area);
  try {
    area.select();
    area.setSelectionRange(0, text.length);
    // The only way to copy without the Clipboard API; deprecated but still supported.
    if (!document.execCommand('copy')) throw new Error('The browser refused to copy.');
  } finally {
    area.remove();
  }
}
