import type { DagDirection } from '@/lib/dag-layout';
import { useMediaQuery } from './use-media-query';

/** Graphs run left to right; phones get them top to bottom, scrolling with the page. */
export function useGraphDirection(): DagDirection {
  return useMediaQuery('(max-width: 639px)') ? 'TB' : 'LR';
}
