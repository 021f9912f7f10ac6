/**
 * The command palette of a tenant's pages, composed from the features it reaches: the screens
 * of the sidebar (config/navigation), workflows and workers by name (features/workflows,
 * features/workers), the user's tenants (features/tenants), runs and tasks by id
 * (features/command-palette), the theme, and Trigger Run. Loaded the first time it opens;
 * command-palette-host.tsx is what the shell keeps.
 */
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { TENANT_NAVIGATION } from '@/config/navigation';
import { sameScreenInTenant, tenantHref } from '@/config/paths';
import type { TenantScreenPath } from '@/config/paths';
import { findRunById } from '@/features/command-palette/api/find-run-by-id';
import { CommandPaletteDialog } from '@/features/command-palette/components/command-palette-dialog';
import type { PaletteStatus } from '@/features/command-palette/components/command-palette-dialog';
import { ShortcutsDialog } from '@/features/command-palette/components/shortcuts-dialog';
import type { Command } from '@/features/command-palette/utils/filter-commands';
import { parseEntityId } from '@/features/command-palette/utils/parse-id';
import { GO_SHORTCUTS } from '@/features/command-palette/utils/shortcuts';
import { tenantsOf, useMemberships } from '@/features/tenants/api/get-memberships';
import { writeLastTenant } from '@/features/tenants/utils/tenant-resolution';
import { workersQueryOptions } from '@/features/workers/api/list-workers';
import { workflowsQueryOptions } from '@/features/workflows/api/list-workflows';
import { useDebouncedValue } from '@/hooks/use-debounced-value';
import { useTheme } from '@/hooks/use-theme';
import { ApiError } from '@/lib/api-error';
import { LazyTriggerRun } from './lazy-trigger-run';

export type PaletteMode = 'closed' | 'palette' | 'shortcuts' | 'trigger';

const SEARCH_DEBOUNCE_MS = 200;
const WORKFLOW_RESULTS = 8;
const WORKER_RESULTS = 8;

/** Every screen of the sidebar, children included, once each. */
export function screenCommands(go: (to: TenantScreenPath) => void): Command[] {
  const seen = new Set<string>();
  const commands: Command[] = [];
  const add = (label: string, to: TenantScreenPath, parent?: string) => {
    if (seen.has(to)) return;
    seen.add(to);
    const shortcut = GO_SHORTCUTS.find((candidate) => candidate.to === to);
    commands.push({
      id: `screen:${to}`,
      group: 'Go to',
      label: parent && parent !== label ? `${parent}: ${label}` : label,
      keywords: [to.replace(/[-/]/g, ' '), 'go', 'open', 'page'],
      hint: shortcut ? `g ${shortcut.key}` : undefined,
      run: () => go(to),
    });
  };
  for (const group of TENANT_NAVIGATION) {
    for (const item of group.items) {
      add(item.label, item.to, group.label === 'Settings' ? 'Settings' : undefined);
      for (const child of item.children ?? []) {
        add(child.label, child.to, group.label === 'Settings' ? 'Settings' : undefined);
      }
    }
  }
  return commands;
}

export default function CommandPalette({
  tenantId,
  mode,
  onModeChange,
}: {
  tenantId: string;
  mode: PaletteMode;
  onModeChange: (mode: PaletteMode) => void;
}) {
  if (mode === 'shortcuts') return <ShortcutsDialog onClose={() => onModeChange('closed')} />;
  if (mode === 'trigger') {
    return (
      <LazyTriggerRun
        tenantId={tenantId}
        open
        onOpenChange={(open) => (open ? undefined : onModeChange('closed'))}
      />
    );
  }
  if (mode === 'palette') return <Palette tenantId={tenantId} onModeChange={onModeChange} />;
  return null;
}

function Palette({
  tenantId,
  onModeChange,
}: {
  tenantId: string;
  onModeChange: (mode: PaletteMode) => void;
}) {
  const navigate = useNavigate();
  const location = useLocation();
  const { resolvedTheme, toggleTheme } = useTheme();
  const [query, setQuery] = useState('');
  const [status, setStatus] = useState<PaletteStatus>();
  const [busy, setBusy] = useState(false);
  const term = useDebouncedValue(query.trim(), SEARCH_DEBOUNCE_MS);
  const entityId = parseEntityId(query);
  const searching = term !== '' && !parseEntityId(term);

  const memberships = useMemberships();
  const workflows = useQuery({
    ...workflowsQueryOptions(tenantId, { offset: 0, limit: WORKFLOW_RESULTS, name: term }),
    enabled: searching,
  });
  const workers = useQuery({ ...workersQueryOptions(tenantId), enabled: searching });

  const close = () => onModeChange('closed');
  const go = (href: string) => {
    close();
    void navigate(href);
  };

  const openById = async (id: string) => {
    setBusy(true);
    setStatus({ tone: 'info', text: `Looking for a run or task with id ${id}…` });
    try {
      const found = await findRunById(id);
      if (!found) {
        setStatus({ tone: 'error', text: `No run or task has the id ${id}.` });
        return;
      }
      go(tenantHref(tenantId, 'runs/:run', { run: found.runId }));
    } catch (error) {
      const reason = error instanceof ApiError ? error.message : String(error);
      setStatus({ tone: 'error', text: `Could not look up ${id}: ${reason}` });
    } finally {
      setBusy(false);
    }
  };

  const commands = useMemo<Command[]>(() => {
    const list: Command[] = [];
    if (entityId) {
      list.push({
        id: `id:${entityId}`,
        group: 'Open by id',
        label: `Open run or task ${entityId}`,
        hint: 'Enter',
        prefiltered: true,
        run: () => void openById(entityId),
      });
    }
    list.push(...screenCommands((to) => go(tenantHref(tenantId, to))));
    list.push(
      {
        id: 'action:trigger',
        group: 'Actions',
        label: 'Trigger a workflow run…',
        keywords: ['run', 'start', 'new'],
        run: () => onModeChange('trigger'),
      },
      {
        id: 'action:theme',
        group: 'Actions',
        label: `Switch to ${resolvedTheme === 'dark' ? 'light' : 'dark'} theme`,
        keywords: ['toggle theme', 'dark', 'light', 'appearance'],
        run: () => {
          toggleTheme();
          close();
        },
      },
      {
        id: 'action:shortcuts',
        group: 'Actions',
        label: 'Keyboard shortcuts',
        keywords: ['keys', 'help', 'hotkeys'],
        hint: '?',
        run: () => onModeChange('shortcuts'),
      },
    );
    if (searching) {
      for (const workflow of workflows.data?.rows ?? []) {
        list.push({
          id: `workflow:${workflow.metadata.id}`,
          group: 'Workflows',
          label: workflow.name,
          hint: 'workflow',
          prefiltered: true,
          run: () =>
            go(tenantHref(tenantId, 'workflows/:workflow', { workflow: workflow.metadata.id })),
        });
      }
      const matchingWorkers = (workers.data?.rows ?? [])
        .filter((worker) => worker.name.toLowerCase().includes(term.toLowerCase()))
        .slice(0, WORKER_RESULTS);
      for (const worker of matchingWorkers) {
        list.push({
          id: `worker:${worker.metadata.id}`,
          group: 'Workers',
          label: worker.name,
          hint: 'worker',
          prefiltered: true,
          run: () => go(tenantHref(tenantId, 'workers/:worker', { worker: worker.metadata.id })),
        });
      }
    }
    for (const tenant of tenantsOf(memberships.data?.rows)) {
      if (tenant.metadata.id === tenantId) continue;
      list.push({
        id: `tenant:${tenant.metadata.id}`,
        group: 'Switch tenant',
        label: `Switch to ${tenant.name}`,
        keywords: ['tenant', tenant.slug],
        run: () => {
          writeLastTenant(tenant.metadata.id);
          go(sameScreenInTenant(location.pathname, tenant.metadata.id));
        },
      });
    }
    return list;
    // The commands are rebuilt when what they show changes; the callbacks read fresh state.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [
    entityId,
    tenantId,
    resolvedTheme,
    searching,
    term,
    workflows.data,
    workers.data,
    memberships.data,
    location.pathname,
  ]);

  return (
    <CommandPaletteDialog
      commands={commands}
      query={query}
      onQueryChange={(next) => {
        setStatus(undefined);
        setQuery(next);
      }}
      onClose={close}
      status={status}
      busy={busy}
    />
  );
}
