import { Link } from 'react-router';
import { Badge } from '@/components/ui/badge';
import { CopyButton } from '@/components/ui/copy-button';
import { RelativeTime } from '@/components/ui/relative-time';
import type { WorkflowVersion } from '@/types/api';

/**
 * The version shown (the latest unless `?version=` names another): its number, id, age and
 * settings. The API lists only the latest version, so there is no picker.
 */
export function WorkflowVersionInfo({
  version,
  latestId,
  workflowHref,
}: {
  version: WorkflowVersion;
  latestId: string | undefined;
  workflowHref: string;
}) {
  const isLatest = latestId === undefined || latestId === version.metadata.id;
  return (
    <div className="rounded-lg border border-border bg-surface p-4 text-sm">
      <dl className="grid items-center gap-x-6 gap-y-3 sm:grid-cols-[max-content_1fr]">
        <dt className="text-muted-foreground">Version</dt>
        <dd className="flex flex-wrap items-center gap-2">
          <Badge variant="outline" className="font-mono">
            {version.version}
          </Badge>
          {isLatest ? (
            <span className="text-muted-foreground">latest</span>
          ) : (
            <Link
              to={workflowHref}
              className="rounded-sm text-primary hover:underline focus-visible:outline-2 focus-visible:outline-ring"
            >
              Show the latest version
            </Link>
          )}
        </dd>
        <dt className="text-muted-foreground">Version ID</dt>
        <dd className="flex min-w-0 items-center gap-1">
          <code className="truncate font-mono text-[13px]">{version.metadata.id}</code>
          <CopyButton value={version.metadata.id} label="version ID" className="size-7" />
        </dd>
        <dt className="text-muted-foreground">Registered</dt>
        <dd>
          <RelativeTime value={version.metadata.createdAt} />
        </dd>
        {version.defaultPriority !== undefined ? (
          <>
            <dt className="text-muted-foreground">Default priority</dt>
            <dd>{version.defaultPriority}</dd>
          </>
        ) : null}
        {version.sticky ? (
          <>
            <dt className="text-muted-foreground">Sticky strategy</dt>
            <dd>{version.sticky}</dd>
          </>
        ) : null}
      </dl>
      {version.workflowConfig ? (
        <div className="mt-4">
          <CopyButton
            value={JSON.stringify(version.workflowConfig, null, 2)}
            label="config"
            withText
            text="Copy config"
            variant="outline"
          />
        </div>
      ) : null}
    </div>
  );
}
