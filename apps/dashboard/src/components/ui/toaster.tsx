import { useEffect } from 'react';
import { useToasts } from '@/hooks/use-toast';
import { lazyParts } from './lazy-parts';

// Radix Toast and the layer code under it are ~5 KB gzip that no first screen shows. Outside
// the router a failed download has no error screen to go to: the toast is not shown, and the
// next one tries again.
const toastParts = lazyParts(() => import('./toast-region'), { throwFailure: false });

/**
 * Renders the toast store (see ./toast-region.tsx). Mount once. Toasts answer what the user
 * does, so the region's code loads at the first key or pointer press: it is in place when
 * the first toast shows, and a toast that comes sooner loads it itself.
 */
export function Toaster() {
  const toasts = useToasts();
  const parts = toastParts.useParts();
  useEffect(() => {
    const options = { capture: true, once: true } as const;
    document.addEventListener('pointerdown', toastParts.load, options);
    document.addEventListener('keydown', toastParts.load, options);
    return () => {
      document.removeEventListener('pointerdown', toastParts.load, options);
      document.removeEventListener('keydown', toastParts.load, options);
    };
  }, []);
  useEffect(() => {
    if (toasts.length > 0) toastParts.load();
  }, [toasts]);
  return parts ? <parts.ToastRegion toasts={toasts} /> : null;
}
