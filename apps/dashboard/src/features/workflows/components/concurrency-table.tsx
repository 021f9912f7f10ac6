import { Badge } from '@/components/ui/badge';
import { Card } from '@/components/ui/card';
import {
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from '@/components/ui/table';
import { concurrencyStrategyDescription, concurrencyStrategyLabel } from '@/lib/concurrency';
import type { ConcurrencyLimit } from '../utils/concurrency-limits';

/**
 * A version's concurrency limits: where each applies, its key expression, the most runs per
 * key, what happens at the limit and the name it is shared under. Phones fold the strategy
 * and the name under the key.
 */
export function ConcurrencyTable({ limits }: { limits: ConcurrencyLimit[] }) {
  return (
    <Card className="overflow-hidden">
      <Table aria-label="Concurrency limits">
        <TableHeader>
          <TableRow className="hover:bg-transparent">
            <TableHead>Scope</TableHead>
            <TableHead>Key</TableHead>
            <TableHead>Max runs</TableHead>
            <TableHead className="hidden sm:table-cell">Strategy</TableHead>
            <TableHead className="hidden md:table-cell">Name</TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          {limits.map((limit, index) => {
            const strategy = concurrencyStrategyLabel(limit.strategy);
            const name = limit.name ? <LimitName limit={limit} /> : null;
            return (
              <TableRow key={index}>
                <TableCell className="font-medium">
                  {limit.scope === 'Workflow' ? (
                    <Badge variant="outline">Workflow</Badge>
                  ) : (
                    <span className="font-mono text-[13px]">{limit.scope}</span>
                  )}
                </TableCell>
                <TableCell className="py-2">
                  <code className="font-mono text-[13px] break-all">{limit.expression}</code>
                  <span className="mt-0.5 block text-xs text-muted-foreground sm:hidden">
                    {strategy}
                  </span>
                  {name ? <span className="mt-0.5 block md:hidden">{name}</span> : null}
                </TableCell>
                <TableCell>
                  {limit.maxRunsIsExpression ? (
                    <code className="font-mono text-[13px] break-all">{limit.maxRuns}</code>
                  ) : (
                    <span className="tabular-nums">{limit.maxRuns}</span>
                  )}
                </TableCell>
                <TableCell
                  className="hidden whitespace-nowrap sm:table-cell"
                  title={concurrencyStrategyDescription(limit.strategy)}
                >
                  {strategy}
                </TableCell>
                <TableCell className="hidden md:table-cell">
                  {name ?? <span className="text-muted-foreground">N/A</span>}
                </TableCell>
              </TableRow>
            );
          })}
        </TableBody>
      </Table>
    </Card>
  );
}

function LimitName({ limit }: { limit: ConcurrencyLimit }) {
  return (
    <span className="inline-flex flex-wrap items-center gap-1.5">
      <span className="font-mono text-[13px]">{limit.name}</span>
      {limit.tenantScoped ? (
        <Badge
          variant="accent"
          title="Counted with every workflow of the tenant that uses this name"
        >
          tenant-wide
        </Badge>
      ) : null}
    </span>
  );
}
