import { describe, expect, it } from "vitest";
import { searchDocuments } from "./case-search";
import type { SourceDocument } from "@/lib/documents/layout/source-document";

const doc = (text: string): SourceDocument => ({ id: "note", name: "note.pdf", contentType: "application/pdf", pages: [{ page: 1, text }] });

// page text | searched phrase | negated | hedged | planned. Whether a hit is asserted comes from the one context engine
// (lib/lexicon/context.ts); these rows show that each way of writing reaches the checks through the search.
const ROWS: [string, string, boolean, boolean, boolean?][] = [
  ["CT 03/2025: metastatic disease to both lungs.", "metastatic", false, false],
  ["CT 03/2025: no evidence of metastatic disease.", "metastatic", true, false],
  ["Metastatic disease has been ruled out on PET.", "metastatic", true, false],
  ["Pulmonary nodules, suspicious for metastatic disease.", "metastatic", false, true],
  ["Nodules in both lungs, consistent with potential metastatic spread.", "metastatic", false, true],
  ["Zoledronic acid started to reduce the risk of fracture.", "fracture", false, true],
  ["Her mother has rheumatoid arthritis.", "rheumatoid arthritis", false, true],
  ["Plan to start adalimumab after TB screening.", "adalimumab", false, false, true],
  ["Will add everolimus to the regimen in May.", "everolimus", false, false, true],
  ["We request approval of everolimus for her metastatic osteosarcoma.", "metastatic", false, false, true],
  ["Consider a diagnosis of juvenile arthritis.", "juvenile arthritis", false, true],
  ["Relapsed disease?", "relapsed", false, true],
  ["Denies seizures but has daily absence spells.", "absence spells", false, false],
  ["No increase in seizure frequency since the last visit.", "seizure frequency", false, false],
];

describe.each(ROWS)("%s", (text, phrase, negated, hedged, planned = false) => {
  it(`“${phrase}”: ${negated ? "negated" : hedged ? "hedged" : planned ? "planned" : "asserted"}`, () => {
    const [hit] = searchDocuments([doc(text)], { phrases: [phrase] });
    expect(hit).toBeDefined();
    expect({ negated: hit.negated, hedged: hit.hedged, planned: hit.planned }).toEqual({ negated, hedged, planned });
  });
});
