import type { TableQuote } from "@/lib/documents/table-quote";

/** A quote from a table as the table shows it: the row's cells under their column headers (when the page has them). */
export function EvidenceTable({ table, label }: { table: TableQuote; label: string }) {
  return (
    <div className="max-w-full overflow-x-auto">
      <table aria-label={label} className="border-collapse text-left text-xs">
        {table.headers && (
          <thead>
            <tr>{table.headers.map((h, i) => <th key={i} scope="col" className="border border-slate-300 bg-slate-100 px-2 py-1 font-semibold text-slate-800">{h}</th>)}</tr>
          </thead>
        )}
        <tbody>
          {table.rows.map((row, r) => (
            <tr key={r}>{row.map((cell, i) => <td key={i} className="border border-slate-300 bg-yellow-50 px-2 py-1 text-slate-900">{cell}</td>)}</tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
