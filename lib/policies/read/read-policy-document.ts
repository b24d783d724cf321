// Reads an uploaded policy document: the family whose reader scores highest reads it (single-drug clinical policies
// when no other family is recognised), giving one section per drug or drug class.
import type { PdfPage } from "@/lib/documents/read-pdf";
import { criteriaTableReader } from "./criteria-table/reader";
import { formularyReader } from "./formulary/reader";
import { partDCriteriaReader } from "./part-d/reader";
import { singleDrugReader } from "./single-drug/reader";
import type { PolicyDocumentReading, PolicyFamilyReader } from "./types";

const READERS: readonly PolicyFamilyReader[] = [partDCriteriaReader, formularyReader, criteriaTableReader];

/** A family must score at least this to be read as such; below it the document is a single-drug policy. */
const MIN_FAMILY_SCORE = 0.5;

export function readPolicyDocument(pages: readonly PdfPage[]): PolicyDocumentReading {
  const scored = READERS.map((reader) => ({ reader, score: reader.detect(pages) })).sort((a, b) => b.score - a.score);
  const best = scored[0];
  if (best && best.score >= MIN_FAMILY_SCORE) return best.reader.read(pages);
  return singleDrugReader.read(pages);
}
