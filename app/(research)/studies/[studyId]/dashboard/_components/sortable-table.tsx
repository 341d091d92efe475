"use client";
// A table whose columns sort on click (and Enter/Space), for breakdowns and per-grader figures.
import { useState, type ReactNode } from "react";

export interface Column<T> {
  key: string;
  label: string;
  /** the value sorted on; null sorts last */
  sortValue: (row: T) => number | string | null;
  render: (row: T) => ReactNode;
  numeric?: boolean;
}

export function SortableTable<T>({ caption, columns, rows, rowKey, initialSort, rowClass }: {
  caption: string; columns: Column<T>[]; rows: T[]; rowKey: (row: T) => string; initialSort?: { key: string; desc: boolean };
  rowClass?: (row: T) => string;
}) {
  const [sort, setSort] = useState(initialSort ?? { key: columns[0].key, desc: false });
  const col = columns.find((c) => c.key === sort.key) ?? columns[0];
  const sorted = [...rows].sort((a, b) => {
    const va = col.sortValue(a);
    const vb = col.sortValue(b);
    if (va === null) return vb === null ? 0 : 1;
    if (vb === null) return -1;
    const c = va < vb ? -1 : va > vb ? 1 : 0;
    return sort.desc ? -c : c;
  });
  return (
    <div className="overflow-x-auto">
      <table className="w-full text-left text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead className="border-b border-slate-200 text-xs text-slate-500">
          <tr>
            {columns.map((c) => (
              <th key={c.key} scope="col" className={`px-2 py-1.5 font-medium ${c.numeric ? "text-right" : ""}`}
                aria-sort={sort.key === c.key ? (sort.desc ? "descending" : "ascending") : "none"}>
                <button type="button" className="hover:text-slate-900" onClick={() => setSort({ key: c.key, desc: sort.key === c.key ? !sort.desc : !!c.numeric })}>
                  {c.label}{sort.key === c.key ? (sort.desc ? " ↓" : " ↑") : ""}
                </button>
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {sorted.map((r) => (
            <tr key={rowKey(r)} className={`border-b border-slate-100 ${rowClass?.(r) ?? ""}`}>
              {columns.map((c) => <td key={c.key} className={`px-2 py-1.5 ${c.numeric ? "text-right tabular-nums" : ""}`}>{c.render(r)}</td>)}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
