import { useMemo, useState } from 'react';
import { parseJsonObject } from '@/lib/json-object';
import type { JsonObjectResult } from '@/lib/json-object';

/** The text of a JSON-object field and what it parses to, re-parsed as it is typed. */
export interface JsonText {
  text: string;
  setText: (text: string) => void;
  parsed: JsonObjectResult;
}

export function useJsonText(initial = '{}'): JsonText {
  const [text, setText] = useState(initial);
  const parsed = useMemo(() => parseJsonObject(text), [text]);
  return { text, setText, parsed };
}
