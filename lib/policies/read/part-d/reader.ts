// Family (d) a Medicare Part D prior authorization criteria book (CMS template): one section per drug block, bound to
// the drugs its "Products Affected" (or "Drug Names") lines name, with the block's fields read into its criteria.
import type { PdfPage } from "@/lib/documents/read-pdf";
import { findDrugMentions } from "@/lib/lexicon/drugs";
import { readDocumentHeader } from "../document-header";
import type { FieldRole } from "../criteria-table/field-roles";
import { productListNames } from "../criteria-table/product-names";
import { sectionPolicy } from "../criteria-table/section-policy";
import { positionedLines } from "../criteria-table/positioned-lines";
import type { DrugPolicySection, PolicyDocumentReading, PolicyFamilyReader } from "../types";
import { fieldOfHeading, leadingHeading } from "./fields";
import { readBlocks, type DrugBlock } from "./read-blocks";

/** How much the pages look like a criteria book: product headings and distinct field headings. */
/** A criteria book shows itself within its first pages. */
const SAMPLE_PAGES = 40;

function detect(allPages: readonly PdfPage[]): number {
  const pages = allPages.slice(0, SAMPLE_PAGES);
  let productHeadings = 0;
  const roles = new Set<string>();
  for (const line of positionedLines(pages)) {
    const first = line.cells[0]?.text ?? "";
    const field = fieldOfHeading(first) ?? leadingHeading(first)?.field ?? null;
    if (!field) continue;
    if (field.role === "products" || field.role === "group") productHeadings++;
    else if (field.role !== "header") roles.add(field.role);
  }
  if (productHeadings >= 1 && roles.size >= 3) return Math.min(1, 0.6 + 0.1 * productHeadings + 0.02 * roles.size);
  // Wrapped headings ("Required" / "Medical" / "Information") are not seen line by line: blocks say it.
  const blocks = readBlocks(pages).filter((b) => b.products.length && b.fields.length >= 3);
  if (blocks.length) return Math.min(1, 0.6 + 0.1 * blocks.length);
  return 0;
}

/** Names a block is bound to: its products' names, and its heading when that names a drug of the vocabulary. */
function bindingNames(block: DrugBlock): string[] {
  const names = productListNames(block.products);
  const heading = findDrugMentions(block.title).map((m) => m.written);
  for (const name of heading) if (!names.some((n) => n.toLowerCase() === name.toLowerCase())) names.push(name);
  return names.length ? names : block.title ? [block.title] : [];
}

function read(pages: readonly PdfPage[]): PolicyDocumentReading {
  const { sorted, payer, effectiveDate, firstLine } = readDocumentHeader(pages);
  const warnings: string[] = [];
  const sections: DrugPolicySection[] = [];
  readBlocks(sorted).forEach((block, i) => {
    const names = bindingNames(block);
    const label = block.title || names.join(", ");
    if (!names.length) {
      warnings.push(`A criteria block on page ${block.titlePage} names no drug; it was left out.`);
      return;
    }
    const policy = sectionPolicy({
      id: `block-${i + 1}`,
      label,
      labelPage: block.titlePage,
      drugNames: names,
      fields: block.fields.map((f) => ({ field: f.field.id, role: f.field.role as FieldRole, segments: f.segments })),
      pages: sorted,
      payer,
      effectiveDate,
    });
    warnings.push(...(policy.warnings ?? []).map((w) => `${label}: ${w}`));
    sections.push({ label, drugs: { names, ndcs: policy.suggestedCodes.ndc, cpts: policy.suggestedCodes.cpt }, pages: block.pages, requirementCodes: ["PA"], policy });
  });
  if (!sections.length) warnings.push("No drug blocks were found in the criteria book.");
  const title = firstLine ?? "Prior Authorization Criteria";
  return { family: "part_d_criteria", title, payer, effectiveDate, sections, warnings };
}

export const partDCriteriaReader: PolicyFamilyReader = { family: "part_d_criteria", detect, read };
