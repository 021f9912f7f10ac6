import { Construction } from 'lucide-react';
import { useMatches, useParams } from 'react-router';
import { PageHeader } from '@/components/layout/page-header';
import { Badge } from '@/components/ui/badge';
import { EmptyState } from '@/components/ui/empty-state';
import type { TenantScreen } from '@/config/paths';

/**
 * A tenant screen whose content comes in a later build. It shows the frame, the title and
 * says plainly that the screen is not here yet; it never shows made-up data.
 */
export default function UpcomingScreen() {
  const matches = useMatches();
  const params = useParams();
  const handle = matches.at(-1)?.handle as { screen?: TenantScreen } | undefined;
  const screen = handle?.screen;
  const title = screen?.title ?? 'Screen';
  const ids = Object.entries(params).filter(([name]) => name !== 'tenant' && name !== '*');

  return (
    <>
      <PageHeader
        title={title}
        description={screen?.summary}
        actions={ids.map(([name, value]) => (
          <Badge key={name} variant="outline" className="max-w-72 truncate font-mono">
            {value}
          </Badge>
        ))}
      />
      <EmptyState
        icon={<Construction />}
        title="Not in this build yet"
        description={
          <>
            The {title} screen is planned for a later build of the Trellis dashboard. Until it
            lands, this page shows no data rather than placeholder data.
          </>
        }
      />
    </>
  );
}
