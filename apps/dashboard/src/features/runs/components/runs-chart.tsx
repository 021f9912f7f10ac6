import { useRef, useState } from 'react';
import type { PointerEvent } from 'react';
import { Skeleton } from '@/components/ui/skeleton';
import { useMediaQuery } from '@/hooks/use-media-query';
import { useTimeZone } from '@/hooks/use-time-zone';
import { formatTimestamp } from '@/lib/format';
import type { ChartPoint } from '../utils/run-chart';
import { bucketLabel, bucketSizeMs, chartMax, labelledIndices } from '../utils/run-chart';

const HEIGHT = 160;
const AXIS = 20;

/**
 * Succeeded and failed tasks per time bucket as stacked bars. Dragging across buckets
 * selects them (shaded) and, on release, zooms the list to that range. Plain SVG: a chart
 * library would weigh more than the rest of the runs page for one bar chart.
 */
export function RunsChart({
  points,
  isPending,
  onZoom,
}: {
  points: ChartPoint[] | undefined;
  isPending: boolean;
  /** Called with the first and last bucket index of a drag. */
  onZoom: (first: number, last: number) => void;
}) {
  const svgRef = useRef<SVGSVGElement>(null);
  const [drag, setDrag] = useState<{ from: number; to: number } | undefined>(undefined);
  const [hover, setHover] = useState<number | undefined>(undefined);
  // Phones have room for a few axis labels only.
  const narrow = useMediaQuery('(max-width: 639px)');
  const timeZone = useTimeZone();

  if (isPending && !points) return <Skeleton className="h-36 w-full rounded-lg" />;
  const data = points ?? [];
  const max = chartMax(data);
  const count = Math.max(1, data.length);
  const span = data.length > 0 ? bucketSizeMs(data) * data.length : 0;
  const total = data.reduce((sum, point) => sum + point.SUCCEEDED + point.FAILED, 0);

  const indexAt = (event: PointerEvent) => {
    const box = svgRef.current?.getBoundingClientRect();
    if (!box || box.width === 0) return 0;
    const ratio = (event.clientX - box.left) / box.width;
    return Math.min(count - 1, Math.max(0, Math.floor(ratio * count)));
  };

  const selected = drag ? [Math.min(drag.from, drag.to), Math.max(drag.from, drag.to)] : undefined;
  const hovered = hover !== undefined ? data[hover] : undefined;

  return (
    <figure className="relative rounded-lg border border-border bg-surface px-3 pt-3 pb-1">
      <figcaption className="mb-1 flex flex-wrap items-center justify-between gap-2 text-xs text-muted-foreground">
        <span className="flex items-center gap-3">
          <span className="inline-flex items-center gap-1.5">
            <span className="size-2 rounded-sm bg-green-500/50" aria-hidden="true" />
            Succeeded
          </span>
          <span className="inline-flex items-center gap-1.5">
            <span className="size-2 rounded-sm bg-destructive" aria-hidden="true" />
            Failed
          </span>
        </span>
        <span className="hidden sm:inline">Drag across the bars to zoom in</span>
      </figcaption>
      <svg
        ref={svgRef}
        role="img"
        aria-label={`Finished tasks over time: ${total} in ${data.length} buckets`}
        viewBox={`0 0 ${count * 10} ${HEIGHT + AXIS}`}
        preserveAspectRatio="none"
        className="block h-[180px] w-full cursor-crosshair touch-none select-none"
        onPointerDown={(event) => {
          if (data.length === 0) return;
          event.currentTarget.setPointerCapture(event.pointerId);
          const index = indexAt(event);
          setDrag({ from: index, to: index });
        }}
        onPointerMove={(event) => {
          const index = indexAt(event);
          setHover(index);
          if (drag) setDrag({ ...drag, to: index });
        }}
        onPointerLeave={() => setHover(undefined)}
        onPointerUp={() => {
          if (drag && drag.from !== drag.to) {
            onZoom(Math.min(drag.from, drag.to), Math.max(drag.from, drag.to));
          }
          setDrag(undefined);
        }}
        onPointerCancel={() => setDrag(undefined)}
      >
        {selected ? (
          <rect
            x={selected[0]! * 10}
            y={0}
            width={(selected[1]! - selected[0]! + 1) * 10}
            height={HEIGHT}
            className="fill-muted-foreground/20"
          />
        ) : null}
        {data.map((point, index) => {
          const succeeded = (point.SUCCEEDED / max) * (HEIGHT - 4);
          const failed = (point.FAILED / max) * (HEIGHT - 4);
          return (
            <g key={point.time} className={hover === index ? 'opacity-80' : undefined}>
              <rect
                x={index * 10 + 1}
                y={HEIGHT - succeeded}
                width={8}
                height={succeeded}
                className="fill-green-500/50"
              />
              <rect
                x={index * 10 + 1}
                y={HEIGHT - succeeded - failed}
                width={8}
                height={failed}
                className="fill-destructive"
              />
            </g>
          );
        })}
        <line
          x1={0}
          x2={count * 10}
          y1={HEIGHT + 0.5}
          y2={HEIGHT + 0.5}
          className="stroke-border"
          vectorEffect="non-scaling-stroke"
        />
      </svg>
      <div className="relative h-5 text-[10px] text-muted-foreground" aria-hidden="true">
        {labelledIndices(data.length, narrow ? 3 : 8).map((index) => (
          <span
            key={index}
            className="absolute top-0 -translate-x-1/2 whitespace-nowrap first:translate-x-0"
            style={{ left: `${((index + 0.5) / count) * 100}%` }}
          >
            {bucketLabel(data[index]!.time, span, timeZone)}
          </span>
        ))}
      </div>
      {hovered && !drag ? (
        <div
          className="pointer-events-none absolute top-8 z-10 rounded-md border border-border bg-surface-raised px-2 py-1.5 text-xs shadow-md"
          style={{
            left: `min(calc(${((hover! + 0.5) / count) * 100}% + 0.75rem), calc(100% - 11rem))`,
          }}
        >
          <p className="font-medium text-foreground">{formatTimestamp(hovered.time, timeZone)}</p>
          <p className="text-muted-foreground">Succeeded: {hovered.SUCCEEDED}</p>
          <p className="text-muted-foreground">Failed: {hovered.FAILED}</p>
        </div>
      ) : null}
    </figure>
  );
}
