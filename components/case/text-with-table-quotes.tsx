import { Fragment } from "react";
import { splitTableQuotes, tableOnPages } from "@/lib/documents/table-quote";
import { EvidenceTable } from "./evidence-table";

/**
 * A text the engines wrote (a step's answer, a reasoning line, a notice's finding) as a person reads it: its words,
 * and each table row it quotes shown as that row under its column headers (found on the case's pages), never as
 * cells joined by "|". A block: a quoted row is a table.
 */
export function TextWithTableQuotes({ text, pages, label, className }: { text: string; pages: readonly string[]; label: string; className?: string }) {
  const pieces = splitTableQuotes(text);
  // An engine's text may hold a long unbroken name ("(serdexmethylphenidate/dexmethylphenidate)"): it wraps anywhere.
  if (!pieces.some((p) => p.kind === "table")) return <span className={`wrap-anywhere ${className ?? ""}`}>{text}</span>;
  let n = 0;
  return (
    <div className={`min-w-0 space-y-1 wrap-anywhere ${className ?? ""}`}>
      {pieces.map((p, i) => (
        <Fragment key={i}>
          {p.kind === "text"
            ? p.text.trim() && <p>{p.text.trim()}</p>
            : <EvidenceTable table={tableOnPages(pages, p.quote)} label={`${label}: quoted table row${++n > 1 ? ` ${n}` : ""}`} />}
        </Fragment>
      ))}
    </div>
  );
}

/** A text's quoted table rows named in a line ("a table row, shown below"), for a place a table cannot go (a button). */
export function withoutTableQuotes(text: string): string {
  return splitTableQuotes(text).map((p) => (p.kind === "text" ? p.text : "[a table row, shown below]")).join("");
}
