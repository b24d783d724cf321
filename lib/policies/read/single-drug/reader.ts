// Family (a): a single-drug clinical policy (indications, initial / continuation, nested ALL / ANY lists): the whole
// document is one section bound to the drugs its title and coverage statement name.
import type { PdfPage } from "@/lib/documents/read-pdf";
import { parsePolicy } from "../../parse-policy";
import type { PolicyDocumentReading, PolicyFamilyReader } from "../types";

export const singleDrugReader: PolicyFamilyReader = {
  family: "single_drug",
  detect: () => 0.1,
  read(pages: readonly PdfPage[]): PolicyDocumentReading {
    const policy = parsePolicy(pages);
    return {
      family: "single_drug",
      title: policy.title,
      payer: policy.payer,
      effectiveDate: policy.effectiveDate,
      sections: [{ label: policy.title, drugs: { names: policy.drugNames, ndcs: policy.suggestedCodes.ndc, cpts: policy.suggestedCodes.cpt }, pages: pages.map((p) => p.page), policy }],
      warnings: policy.warnings ?? [],
    };
  },
};
