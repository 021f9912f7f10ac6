import type { Worker } from '@/types/api';

export interface SlotUsage {
  type: string;
  limit: number;
  used: number;
}

/**
 * Slots per type, busiest-known first: `slotConfig` when the server sends it, else the
 * older `maxRuns`/`availableRuns` pair as the `default` type.
 */
export function slotUsage(worker: Pick<Worker, 'slotConfig' | 'maxRuns' | 'availableRuns'>) {
  const entries: SlotUsage[] = [];
  if (worker.slotConfig && Object.keys(worker.slotConfig).length > 0) {
    for (const [type, config] of Object.entries(worker.slotConfig)) {
      const available = config.available ?? config.limit;
      entries.push({ type, limit: config.limit, used: Math.max(0, config.limit - available) });
    }
  } else if (worker.maxRuns !== undefined) {
    const available = worker.availableRuns ?? worker.maxRuns;
    entries.push({
      type: 'default',
      limit: worker.maxRuns,
      used: Math.max(0, worker.maxRuns - available),
    });
  }
  // `default` first, then the others by name.
  return entries.sort((a, b) =>
    a.type === 'default' ? -1 : b.type === 'default' ? 1 : a.type.localeCompare(b.type),
  );
}

const LANGUAGE_NAMES: Record<string, string> = {
  TYPESCRIPT: 'TypeScript',
  PYTHON: 'Python',
  GOLANG: 'Go',
  RUBY: 'Ruby',
};

export function languageName(language: string | undefined): string | undefined {
  if (!language) return undefined;
  return LANGUAGE_NAMES[language] ?? language;
}

/** "TypeScript SDK 1.33.2", "Python", or undefined when the worker did not say. */
export function sdkSummary(worker: Pick<Worker, 'runtimeInfo'>): string | undefined {
  const info = worker.runtimeInfo;
  const language = languageName(info?.language);
  const version = info?.sdkVersion;
  if (language && version) return `${language} SDK ${version}`;
  if (version) return `SDK ${version}`;
  return language;
}

/** "runtime 22.1.0" style: the language and its version, when known. */
export function runtimeSummary(worker: Pick<Worker, 'runtimeInfo'>): string | undefined {
  const info = worker.runtimeInfo;
  if (!info?.languageVersion) return undefined;
  const language = info.language === 'TYPESCRIPT' ? 'Node.js' : languageName(info.language);
  return language ? `${language} ${info.languageVersion}` : info.languageVersion;
}

/** Sorted newest first, as the reference list does. */
export function sortWorkersNewestFirst(workers: readonly Worker[]): Worker[] {
  return [...workers].sort((a, b) => b.metadata.createdAt.localeCompare(a.metadata.createdAt));
}

const COMPARATOR_SYMBOLS: Record<string, string> = {
  EQUAL: '=',
  NOT_EQUAL: '≠',
  GREATER_THAN: '>',
  GREATER_THAN_OR_EQUAL: '≥',
  LESS_THAN: '<',
  LESS_THAN_OR_EQUAL: '≤',
};

/** A desired label's comparator as a symbol (`memory ≥ 2048`). */
export function comparatorSymbol(comparator: string): string {
  return COMPARATOR_SYMBOLS[comparator] ?? comparator;
}
