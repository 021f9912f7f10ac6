/**
 * A dashboard's event stream as the benchmark reads it: the `changes` messages with the time
 * each arrived, parsed from the text/event-stream body as a browser's EventSource parses it.
 */
export interface LiveStream {
  messages: { at: number; runs: ReadonlySet<string> }[];
  /** When the first message naming the run arrived at or after `after` (epoch ms). */
  firstNamingAfter(runId: string, after: number): number | undefined;
  close(): void;
}

export async function openLiveStream(url: string, token: string): Promise<LiveStream> {
  const controller = new AbortController();
  const response = await fetch(url, {
    headers: { authorization: `Bearer ${token}`, accept: 'text/event-stream' },
    signal: controller.signal,
  });
  if (response.status !== 200) throw new Error(`the live stream answered ${response.status}`);
  const messages: LiveStream['messages'] = [];
  const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
  void (async () => {
    let buffer = '';
    for (;;) {
      const { value, done } = await reader.read().catch(() => ({ value: '', done: true }));
      if (done) return;
      const at = Date.now();
      buffer += value;
      let end: number;
      while ((end = buffer.indexOf('\n\n')) >= 0) {
        const block = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        if (!block.includes('event: changes')) continue;
        const data = block.split('\n').find((line) => line.startsWith('data: '));
        // V1LiveChanges; only the runs it names matter here.
        const changes = JSON.parse(data!.slice('data: '.length)) as { runs: string[] };
        messages.push({ at, runs: new Set(changes.runs) });
      }
    }
  })();
  return {
    messages,
    firstNamingAfter(runId, after) {
      return messages.find((m) => m.at >= after && m.runs.has(runId))?.at;
    },
    close: () => controller.abort(),
  };
}
