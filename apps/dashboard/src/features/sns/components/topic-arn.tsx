/**
 * A topic ARN in a cell: the topic's name on top, as rows are told apart by it (they often
 * share the region and account, which a cut ARN would show instead), and the whole ARN under
 * it, cut to the cell's width. Assistive tech reads the ARN once.
 */
export function TopicArn({ arn }: { arn: string }) {
  return (
    <span className="grid min-w-0 gap-0.5" title={arn}>
      <span aria-hidden="true" className="truncate font-medium">
        {arn.slice(arn.lastIndexOf(':') + 1)}
      </span>
      <span className="truncate font-mono text-xs text-muted-foreground">{arn}</span>
    </span>
  );
}
