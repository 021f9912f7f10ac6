/**
 * Re-renders the Markdown of recorded results from their JSON (after a change to the report
 * format): `node --import tsx src/engine/render-results.ts results/<stamp>-engine-*.json`.
 * Writes each `<name>.md` beside its JSON and `<stamp>-engine-summary.md` for the set.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { renderBackendMarkdown, renderSummaryMarkdown, type BackendResult } from './report';

const files = process.argv.slice(2).filter((f) => f.endsWith('.json'));
if (files.length === 0) throw new Error('usage: render-results.ts <result.json>...');
const results = files.map((file) => {
  const result = JSON.parse(readFileSync(file, 'utf8')) as BackendResult;
  writeFileSync(file.replace(/\.json$/, '.md'), renderBackendMarkdown(result));
  return result;
});
const seconds = results.reduce((sum, r) => sum + r.durationSeconds, 0);
const summary = files[0]!.replace(/-engine-[a-z]+\.json$/, '-engine-summary.md');
writeFileSync(summary, renderSummaryMarkdown(results, seconds));
console.log(`rendered ${files.length} result(s) and ${summary}`);
