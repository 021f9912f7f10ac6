import { Suspense, lazy, type ComponentProps } from 'react';

const TriggerRun = lazy(() => import('./trigger-run'));

/**
 * The Trigger Run dialog, its module loaded the first time a screen opens it. Screens render it
 * only while open, so that closing it resets every field.
 */
export function LazyTriggerRun(props: ComponentProps<typeof TriggerRun>) {
  return (
    <Suspense fallback={null}>
      <TriggerRun {...props} />
    </Suspense>
  );
}
