/**
 * ANSI colour codes in log lines, turned into styled text segments. Segments are rendered
 * as React text, never as HTML, so a log line cannot inject markup.
 */

export interface AnsiSegment {
  text: string;
  /** Tailwind classes for the colour and weight; empty for plain text. */
  className: string;
}

const FOREGROUND: Record<number, string> = {
  30: 'text-zinc-500',
  31: 'text-red-500',
  32: 'text-green-500',
  33: 'text-yellow-500',
  34: 'text-blue-500',
  35: 'text-fuchsia-500',
  36: 'text-cyan-500',
  37: 'text-zinc-300',
  90: 'text-zinc-400',
  91: 'text-red-400',
  92: 'text-green-400',
  93: 'text-yellow-400',
  94: 'text-blue-400',
  95: 'text-fuchsia-400',
  96: 'text-cyan-400',
  97: 'text-white',
};

// The escape character is what these look for.
// eslint-disable-next-line no-control-regex
const SEQUENCE = /\u001b\[([\d;]*)m/g;
// eslint-disable-next-line no-control-regex
const OTHER = /\u001b\[[\d;?]*[A-Za-z]/g;

export function parseAnsi(line: string): AnsiSegment[] {
  const segments: AnsiSegment[] = [];
  let colour = '';
  let bold = false;
  let last = 0;
  const push = (text: string) => {
    if (!text) return;
    const className = [colour, bold ? 'font-bold' : ''].filter(Boolean).join(' ');
    const previous = segments.at(-1);
    if (previous && previous.className === className) previous.text += text;
    else segments.push({ text, className });
  };
  for (const match of line.matchAll(SEQUENCE)) {
    push(line.slice(last, match.index));
    last = match.index + match[0].length;
    const codes = (match[1] || '0').split(';').map(Number);
    for (const code of codes) {
      if (code === 0) {
        colour = '';
        bold = false;
      } else if (code === 1) bold = true;
      else if (code === 22) bold = false;
      else if (code === 39) colour = '';
      else if (FOREGROUND[code]) colour = FOREGROUND[code];
    }
  }
  push(line.slice(last));
  // Any other escape sequence (cursor moves, erase) is noise in a static viewer.
  return segments.map((segment) => ({ ...segment, text: segment.text.replace(OTHER, '') }));
}
