// A line chart with labelled axes, units and a readable scale, as SVG, described in words for screen readers.

/** Round steps for an axis from 0 to `max`: about five ticks at 1, 2 or 5 times a power of ten (`whole`: 1 at least). */
export function ticks(max: number, count = 5, whole = false): number[] {
  if (!(max > 0)) return [0];
  const raw = max / count;
  const mag = 10 ** Math.floor(Math.log10(raw));
  const round = ([1, 2, 5, 10].find((m) => m * mag >= raw) ?? 10) * mag;
  // Counted things (runs) step by whole numbers.
  const step = whole ? Math.max(1, Math.round(round)) : round;
  const out: number[] = [];
  for (let v = 0; v <= max + step / 2; v += step) out.push(Math.round(v * 1e6) / 1e6);
  return out;
}

export function LineChart(props: {
  points: { at: number; value: number }[];
  label: string;
  unit: string;
  max?: number;
}) {
  const { points } = props;
  const W = 560;
  const H = 200;
  const left = 44;
  const bottom = 28;
  const top = 10;
  const right = 12;
  const yTicks = ticks(props.max ?? Math.max(1, ...points.map((p) => p.value)));
  const yMax = yTicks[yTicks.length - 1]!;
  const t0 = points[0]!.at;
  const t1 = Math.max(points[points.length - 1]!.at, t0 + 1);
  const x = (t: number) => left + ((t - t0) / (t1 - t0)) * (W - left - right);
  const y = (v: number) => top + (1 - v / yMax) * (H - top - bottom);
  const day = (t: number) => new Date(t).toLocaleDateString(undefined, { month: 'short', day: 'numeric' });
  const xTicks = points.length === 1 ? [t0] : [t0, t0 + (t1 - t0) / 2, t1];
  const last = points[points.length - 1]!;
  const summary = `${props.label}: ${points.length} values from ${day(t0)} to ${day(t1)}, between ${Math.min(
    ...points.map((p) => p.value),
  )} and ${Math.max(...points.map((p) => p.value))} ${props.unit}; latest ${last.value} ${props.unit}.`;
  return (
    <figure class="chart">
      <svg role="img" aria-label={summary} viewBox={`0 0 ${W} ${H}`} class="line-chart">
        {yTicks.map((v) => (
          <g key={v}>
            <line class="grid" x1={left} x2={W - right} y1={y(v)} y2={y(v)} />
            <text x={left - 6} y={y(v) + 4} text-anchor="end">
              {v}
            </text>
          </g>
        ))}
        <line class="axis" x1={left} x2={left} y1={top} y2={H - bottom} />
        <line class="axis" x1={left} x2={W - right} y1={H - bottom} y2={H - bottom} />
        {xTicks.map((t, i) => (
          <text
            key={i}
            x={x(t)}
            y={H - 8}
            text-anchor={i === 0 ? 'start' : i === xTicks.length - 1 ? 'end' : 'middle'}
          >
            {day(t)}
          </text>
        ))}
        <polyline class="line" points={points.map((p) => `${x(p.at)},${y(p.value)}`).join(' ')} />
        {points.map((p, i) => (
          <circle key={i} class="dot" cx={x(p.at)} cy={y(p.value)} r={3} />
        ))}
      </svg>
      <figcaption>
        {props.label} ({props.unit}, vertical axis; date, horizontal axis)
      </figcaption>
    </figure>
  );
}
