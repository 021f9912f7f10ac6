import { describe, expect, it } from 'vitest';
import { attachmentName, exportFilters } from './export-query';

describe('exportFilters', () => {
  it('keeps the filters and drops the page', () => {
    expect(
      exportFilters({
        since: '2026-01-01T00:00:00.000Z',
        statuses: ['FAILED'],
        only_tasks: false,
        offset: 50,
        limit: 50,
        include_payloads: false,
      }),
    ).toEqual({ since: '2026-01-01T00:00:00.000Z', statuses: ['FAILED'], only_tasks: false });
  });
});

describe('attachmentName', () => {
  it('reads the file name, or falls back', () => {
    expect(attachmentName('attachment; filename="runs-20261127-072216.csv"', 'x')).toBe(
      'runs-20261127-072216.csv',
    );
    expect(attachmentName(null, 'runs.csv')).toBe('runs.csv');
  });
});
