import { useEffect } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { tenantHref } from '@/config/paths';
import { toast } from '@/hooks/use-toast';
import { useSavedView } from '../api/get-saved-view';
import { VIEW_PARAM } from '../utils/share-link';

/**
 * Opens the view a share link names (`?view=<id>`): the link's address is replaced by the
 * view's state, so from then on the URL alone says what the list shows, as for any other visit.
 */
export function useOpenSharedView(tenantId: string) {
  const navigate = useNavigate();
  const [searchParams, setSearchParams] = useSearchParams();
  const viewId = searchParams.get(VIEW_PARAM) ?? undefined;
  const view = useSavedView(tenantId, viewId);

  useEffect(() => {
    if (!view.data) return;
    void navigate(`${tenantHref(tenantId, view.data.list)}?${view.data.state}`, {
      replace: true,
    });
  }, [view.data, navigate, tenantId]);

  const failed = view.isError;
  useEffect(() => {
    if (!failed) return;
    toast({
      title: 'View not found',
      description: 'It was deleted, or its owner has not shared it with the tenant.',
      variant: 'destructive',
    });
    setSearchParams(
      (previous) => {
        const next = new URLSearchParams(previous);
        next.delete(VIEW_PARAM);
        return next;
      },
      { replace: true },
    );
  }, [failed, setSearchParams]);
}
