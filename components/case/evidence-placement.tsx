import { tableQuote } from "@/lib/documents/table-quote";
import type { Selection } from "./selection";
import { EvidenceTable } from "./evidence-table";

/**
 * What the viewer shows of the chosen evidence, said as it is: marked on the drawn page, only in the page's text
 * (when it cannot be placed on the page image: text typed in an annotation, a page not drawn), or nowhere on this
 * page. A quote from a table is shown as its row under the column headers.
 */
export function EvidencePlacement({ selection, pageText, inText, imageShown, onImage }: {
  selection: Selection;
  pageText: string;
  /** The quote was found in the page's text (and is marked there). */
  inText: boolean;
  imageShown: boolean;
  /** Marked on the drawn page: true, false, or null while the page is drawn. */
  onImage: boolean | null;
}) {
  const table = selection.quote ? tableQuote(pageText, selection.quote, selection.start) : null;
  let where: string;
  if (!selection.quote) where = "";
  else if (imageShown && onImage === null) where = " — finding it on the page…";
  else if (imageShown && onImage) where = inText ? " — marked on the page and in its text below." : " — marked on the page.";
  else if (imageShown) where = inText ? " — could not be placed on the page image; it is marked in the page’s text below." : " — could not be placed on this page: neither the page image nor its text says it.";
  else where = inText ? " — marked in the text below." : " — not found in this page’s text.";
  return (
    <div role="status" data-testid="evidence-placement" className={`space-y-1.5 rounded-md px-3 py-2 text-sm text-slate-900 ${imageShown && onImage === false ? "bg-amber-50" : "bg-yellow-50"}`}>
      <p><span className="font-medium">{selection.label}</span>{where}</p>
      {table ? <EvidenceTable table={table} label={`${selection.label}: the table row`} /> : selection.quote && !inText && <p className="text-slate-700">“{selection.quote}”</p>}
    </div>
  );
}
