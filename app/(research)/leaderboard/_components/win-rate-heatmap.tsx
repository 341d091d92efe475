// Observed or predicted win rates of each row model against each column model.
import { useTranslations } from "next-intl";
import { pct } from "../../studies/[studyId]/dashboard/_lib/palette";

/** Diverging colour around 50%: blue where the row model wins more, orange where it loses more. */
function cellColour(v: number): string {
  const d = Math.min(1, Math.abs(v - 0.5) * 2);
  const [r, g, b] = v >= 0.5 ? [0, 114, 178] : [230, 159, 0];
  return `rgba(${r}, ${g}, ${b}, ${0.12 + 0.75 * d})`;
}

export function WinRateHeatmap({ order, cells }: { order: string[]; cells: ({ value: number | null; battles: number } | null)[][] }) {
  const t = useTranslations("research.winRateHeatmap");
  const size = 46, label = 170, top = 110;
  const width = label + size * order.length + 110, height = top + size * order.length + 10; // room for the last column's slanted label
  return (
    <svg width={width} height={height} viewBox={`0 0 ${width} ${height}`} role="img" aria-label={t("pairwiseWinRateHeatmap")} className="max-w-full">
      {order.map((m, j) => (
        <text key={`c${m}`} transform={`translate(${label + j * size + size / 2}, ${top - 6}) rotate(-40)`} fontSize={11} fill="#334155">{m}</text>
      ))}
      {order.map((m, i) => (
        <g key={`r${m}`}>
          <text x={label - 6} y={top + i * size + size / 2 + 4} textAnchor="end" fontSize={11} fill="#334155">{m}</text>
          {cells[i].map((c, j) => (
            <g key={j}>
              <rect x={label + j * size} y={top + i * size} width={size - 2} height={size - 2} fill={c?.value != null ? cellColour(c.value) : "#f1f5f9"} />
              {c?.value != null && <text x={label + j * size + size / 2 - 1} y={top + i * size + size / 2 + 4} textAnchor="middle" fontSize={11} fill="#0f172a">{(c.value * 100).toFixed(0)}%</text>}
              {c && <title>{t("vsOverBattles", { m, value: order[j], value2: c.value == null ? "n/a" : pct(c.value), battles: c.battles })}</title>}
            </g>
          ))}
        </g>
      ))}
    </svg>
  );
}
