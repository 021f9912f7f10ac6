import { Badge } from '@/components/ui/badge';
import { roleLabel } from '@/lib/roles';
import type { TenantMemberRole } from '@/types/api';

export function RoleBadge({ role }: { role: TenantMemberRole }) {
  return (
    <Badge variant={role === 'OWNER' ? 'accent' : 'outline'} className="text-xs">
      {roleLabel(role)}
    </Badge>
  );
}
