import { useParams } from 'react-router';
import { RunDetail } from '@/features/runs/components/run-detail';

/** runs/{run}: one run's tasks, graph, waterfall, logs and events. */
export default function RunDetailRoute() {
  const { tenant: tenantId = '', run: runId = '' } = useParams();
  return <RunDetail key={runId} tenantId={tenantId} runId={runId} />;
}
