/**
 * The arrowhead at the child end of a DAG graph's edges, drawn in the edges' currentColor.
 * Edges refer to it by id: `markerEnd={`url(#${id})`}`.
 */
export function GraphArrowMarker({ id }: { id: string }) {
  return (
    <defs>
      <marker
        id={id}
        viewBox="0 0 10 10"
        refX="9"
        refY="5"
        markerWidth="7"
        markerHeight="7"
        orient="auto-start-reverse"
      >
        <path d="M0,0 L10,5 L0,10 z" fill="currentColor" />
      </marker>
    </defs>
  );
}
