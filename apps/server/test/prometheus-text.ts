/**
 * A small reader of the Prometheus text exposition format, for tests that scrape the server:
 * samples with their labels, and the declared type of each metric.
 */
export interface Sample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

export interface Scrape {
  samples: Sample[];
  /** `# TYPE` lines: metric name → counter, gauge, histogram, … */
  types: Map<string, string>;
}

const SAMPLE = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})?\s+(\S+)(?:\s+\d+)?$/;
const LABEL = /([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\]|\\.)*)"\s*,?/gy;

export function parsePrometheusText(text: string): Scrape {
  const samples: Sample[] = [];
  const types = new Map<string, string>();
  for (const line of text.split('\n')) {
    if (line.trim() === '') continue;
    if (line.startsWith('#')) {
      const type = /^# TYPE (\S+) (\S+)$/.exec(line);
      if (type) types.set(type[1]!, type[2]!);
      continue;
    }
    const match = SAMPLE.exec(line);
    if (!match) throw new Error(`not a sample line: ${line}`);
    const labels: Record<string, string> = {};
    const body = match[2] ?? '';
    LABEL.lastIndex = 0;
    while (LABEL.lastIndex < body.length) {
      const label = LABEL.exec(body);
      if (!label) throw new Error(`bad labels in: ${line}`);
      labels[label[1]!] = label[2]!.replace(/\\(.)/g, (_, c: string) => (c === 'n' ? '\n' : c));
    }
    const raw = match[3]!;
    const value = raw === '+Inf' ? Infinity : raw === '-Inf' ? -Infinity : Number(raw);
    samples.push({ name: match[1]!, labels, value });
  }
  return { samples, types };
}

/** Samples named `name` whose labels include `labels`. */
export function find(scrape: Scrape, name: string, labels: Record<string, string> = {}): Sample[] {
  return scrape.samples.filter(
    (sample) =>
      sample.name === name &&
      Object.entries(labels).every(([key, value]) => sample.labels[key] === value),
  );
}

/** The one sample named `name` with exactly these labels' values (others may be present). */
export function value(
  scrape: Scrape,
  name: string,
  labels: Record<string, string> = {},
): number | undefined {
  const found = find(scrape, name, labels);
  if (found.length > 1) {
    throw new Error(`${found.length} samples of ${name} match ${JSON.stringify(labels)}`);
  }
  return found[0]?.value;
}
