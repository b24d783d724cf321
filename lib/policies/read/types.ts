// What reading one uploaded policy document gives: its family and one section per drug or drug class, each bound to
// the drugs it names and carrying its own criteria tree (a ParsedPolicy with verbatim quotes). A single-drug clinical
// policy is one section; a formulary, a multi-drug criteria table or a Part D criteria book is many.
import type { PdfPage } from "@/lib/documents/read-pdf";
import type { ParsedPolicy } from "../types";

export type PolicyFamily = "single_drug" | "criteria_table" | "formulary" | "part_d_criteria";

export const POLICY_FAMILIES: readonly PolicyFamily[] = ["single_drug", "criteria_table", "formulary", "part_d_criteria"];

/** The drugs a section is bound to, as the document writes them (brand and generic), and codes it names. */
export interface DrugBinding {
  names: string[];
  ndcs: string[];
  cpts: string[];
}

export interface DrugPolicySection {
  /** What the section covers as written, e.g. "sitagliptin JANUVIA", "Antidiabetics (DPP-4)", "CRESTOR". */
  label: string;
  drugs: DrugBinding;
  /** Pages the section was read from; the first is where the drug is listed. */
  pages: number[];
  /** Requirement codes on the drug's row (PA, ST, QL, AL, ...), when the family has them. */
  requirementCodes?: string[];
  /** The section's own criteria, quotes verbatim from the document's pages; `drugNames` = drugs.names. */
  policy: ParsedPolicy;
}

export interface PolicyDocumentReading {
  family: PolicyFamily;
  title: string;
  payer: string | null;
  effectiveDate: string | null;
  sections: DrugPolicySection[];
  warnings: string[];
}

/** A family reader: `detect` scores how much the pages look like its family (0 = not at all, 1 = surely). */
export interface PolicyFamilyReader {
  family: PolicyFamily;
  detect(pages: readonly PdfPage[]): number;
  read(pages: readonly PdfPage[]): PolicyDocumentReading;
}
