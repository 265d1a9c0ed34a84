/**
 * The horizontal grid of a chart's value axis, each line with its value written at the left, in
 * the viewBox's units (the charts are drawn 720 wide and scaled to the screen: the words are 18
 * units so they stay readable on a phone). Shared by every chart (decision 0019).
 */
export function ValueGrid({
  ticks,
  y,
  width,
  label,
}: {
  ticks: readonly number[];
  y: (value: number) => number | undefined;
  width: number;
  label: (value: number) => string;
}) {
  return (
    <>
      {ticks.map((tick) => (
        <g key={tick} transform={`translate(0, ${y(tick) ?? 0})`}>
          <line x1={0} x2={width} stroke="#e2e8f0" />
          <text x={-8} dy="0.32em" textAnchor="end" fontSize={18} fill="#475569">
            {label(tick)}
          </text>
        </g>
      ))}
    </>
  );
}
