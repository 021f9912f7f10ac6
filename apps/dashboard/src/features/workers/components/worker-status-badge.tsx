import { StatusBadge } from '@/components/ui/status-badge';
import { workerStatusStyle } from '@/lib/status';

export function WorkerStatusBadge({ status }: { status: string | undefined }) {
  const style = workerStatusStyle(status);
  return <StatusBadge tone={style.tone}>{style.label}</StatusBadge>;
}
