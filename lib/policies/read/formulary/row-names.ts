// The drug names a row binds: the name as written, its brand and its generic ("CRESTOR (rosuvastatin calcium 20 mg
// oral tablet)" -> CRESTOR, rosuvastatin; "sitagliptin | JANUVIA" -> sitagliptin, JANUVIA). Unreadable (garbled)
// names are left out.
import { isGarbled } from "./read-tables";
import { bareDrugName } from "@/lib/lexicon/product-words";

const dropNotes = (s: string) => s.replace(/[\u0000-\u001f\u007f]/g, " ").replace(/\((?:d\/c|otc)\)/gi, "").replace(/^(?:OTC|[A-Z]{2}(?:,\s*[A-Z]{2})*)\s+(?=[a-z])/, "").replace(/\s+/g, " ").trim();

export interface RowNames {
  /** As the row writes it, for the section's label. */
  written: string;
  names: string[];
}

export function rowNames(nameText: string, brandText: string): RowNames {
  const name = dropNotes(nameText);
  const brand = dropNotes(brandText);
  const names: string[] = [];
  const add = (n: string) => {
    const t = n.trim();
    if (t.length >= 3 && !isGarbled(t) && /[a-z]{3}/i.test(t) && !names.some((x) => x.toLowerCase() === t.toLowerCase())) names.push(t);
  };
  // "CRESTOR (rosuvastatin calcium 20 mg oral tablet)", "Trulicity (dulaglutide) pen", "insulin glargine-yfgn (Semglee)":
  // one name outside the parentheses, the other inside (a row cut by a wrap may lack the closing one).
  const paired = /^([^()]+?)\s*\(([^()]+)\)?\s*(.*)$/.exec(name);
  if (paired && /[a-z]{3}/i.test(paired[2]) && !/^(?:d\/c|otc|generic|brand)$/i.test(paired[2].trim())) {
    add(bareDrugName(paired[1]));
    add(bareDrugName(paired[2]));
  } else if (name) {
    add(bareDrugName(name));
  }
  if (brand) add(bareDrugName(brand) || brand);
  const written = [nameText, brandText].filter((t) => t && !isGarbled(t)).join(" ").replace(/[\u0000-\u001f\u007f]/g, " ").replace(/\s+/g, " ").trim();
  if (written && names.length) add(written);
  return { written, names };
}
