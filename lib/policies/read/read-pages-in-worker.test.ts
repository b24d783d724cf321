// The policy layout reader off the request thread: readPolicyPages reads in a worker thread exactly what
// readPolicyDocument reads in this thread (sections, criteria trees, quotes survive the structured clone unchanged),
// for a fixture of each family; a reading over its time or heap limit fails with a DocumentOverLimit and the next
// reading works on a fresh thread.
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { DocumentOverLimit } from "@/lib/errors/domain-errors";
import { readPdf, type PdfPage } from "@/lib/documents/read-pdf";
import { criteriaTablePages, FICTIONAL_CRITERIA_TABLE, FICTIONAL_PDL_TABLE } from "./fixtures/criteria-table";
import { FICTIONAL_GROUP_BOOK, FICTIONAL_PART_D_BOOK, partDBookPages } from "./fixtures/part-d-book";
import { buildPdf } from "./fixtures/pdf-pages";
import { policyReadingPoolStats } from "./read-pages-in-worker";
import { readPolicyDocument } from "./read-policy-document";
import { readPolicyPages } from "./read-policy-pdf";
import type { PolicyFamily } from "./types";

const pdfPages = async (build: () => Parameters<typeof buildPdf>[0]) => (await readPdf(await buildPdf(build()))).pages;

/** A single-drug clinical policy, written for this test. */
const SINGLE_DRUG: PdfPage[] = [
  {
    page: 1,
    text: [
      "Clinical Policy: Dupilumab (Dupixent)",
      "Effective Date: 01/01/2026",
      "I. Initial Approval Criteria",
      "A. Atopic Dermatitis (must meet all):",
      "1. Diagnosis of moderate to severe atopic dermatitis;",
      "2. Age ≥ 6 months;",
      "3. Prescribed by or in consultation with a dermatologist or allergist;",
      "4. Failure of a medium or higher potency topical corticosteroid for at least 4 weeks;",
      "Approval duration: 6 months",
    ].join("\n"),
  },
];

/** A two-page drug list written for this test: a legend of the codes, then drug, tier and requirement columns. */
function drugListPages(): Parameters<typeof buildPdf>[0] {
  const rows: [string, string, string][][] = [
    [
      ["Drug Name", "Tier", "Requirements/Limits"],
      ["atorvastatin 40 mg tablet", "1", ""],
      ["rosuvastatin 20 mg tablet", "2", "ST - Requires a paid claim for atorvastatin"],
      ["", "", "within the past 120 days"],
      ["sumatriptan 50 mg tablet", "1", "QL - 9 tablets per 30 days"],
      ["eletriptan 40 mg tablet", "3", "PA; QL - 6 tablets per 30 days"],
    ],
    [
      ["Drug Name", "Tier", "Requirements/Limits"],
      ["ondansetron 8 mg tablet", "1", "QL - 18 tablets per 25 days"],
      ["zolpidem 10 mg tablet", "2", "QL - 15 tablets per 30 days; AL - 18 years and older"],
    ],
  ];
  return rows.map((table, index) => {
    const items = index === 0 ? [{ x: 48, y: 750, text: "Bayside Health Plan 2026 Drug List", size: 13 }, { x: 48, y: 732, text: "Effective 02/01/2026", size: 9 }, ...["PA = Prior authorization", "QL = Quantity limit", "ST = Step therapy", "AL = Age limit"].map((text, i) => ({ x: 60, y: 712 - i * 12, text, size: 9 }))] : [];
    const top = index === 0 ? 650 : 750;
    table.forEach((cells, i) => cells.forEach((text, c) => text && items.push({ x: [48, 260, 320][c], y: top - i * 12, text, size: 9 })));
    items.push({ x: 48, y: 40, text: `Bayside Health Plan Drug List - page ${index + 1} of 2`, size: 8 });
    return { width: 612, height: 792, items };
  });
}

const FIXTURES: [string, PolicyFamily, () => Promise<PdfPage[]>][] = [
  ["a single-drug clinical policy", "single_drug", async () => SINGLE_DRUG],
  ["a multi-drug criteria table", "criteria_table", () => pdfPages(() => criteriaTablePages(FICTIONAL_CRITERIA_TABLE))],
  ["a preferred drug list with criteria columns", "criteria_table", () => pdfPages(() => criteriaTablePages(FICTIONAL_PDL_TABLE))],
  ["a Part D criteria book", "part_d_criteria", () => pdfPages(() => partDBookPages(FICTIONAL_PART_D_BOOK))],
  ["a Part D criteria book with grouped drugs", "part_d_criteria", () => pdfPages(() => partDBookPages(FICTIONAL_GROUP_BOOK))],
  ["a drug list with requirement codes and limits", "formulary", () => pdfPages(drugListPages)],
];

describe.each(FIXTURES)("%s, read off the request thread", (_name, family, pagesOf) => {
  it("equals the reading in this thread, family, sections, trees and quotes", async () => {
    const pages = await pagesOf();
    const here = readPolicyDocument(pages);
    const there = await readPolicyPages(pages);
    expect(here.family).toBe(family);
    expect(here.sections.length).toBeGreaterThan(0);
    expect(there).toStrictEqual(here);
  });
});

const FORMULARY_202 = path.resolve(process.cwd(), "../shared/corpus/policy-families/policies/202.pdf");

describe.skipIf(!existsSync(FORMULARY_202))("the 288-page corpus formulary (202)", () => {
  it("reads the same off the request thread, which keeps answering meanwhile", { timeout: 120_000 }, async () => {
    const pages = (await readPdf(new Uint8Array(readFileSync(FORMULARY_202)))).pages;
    const here = readPolicyDocument(pages);
    await readPolicyPages(SINGLE_DRUG); // the reader loaded in its thread
    // This thread keeps turning while the formulary is read: its longest pause is a fraction of the reading's time
    // (read here, the reading would be one pause as long as itself).
    let last = performance.now();
    let longestPause = 0;
    let ticks = 0;
    const probe = setInterval(() => {
      const now = performance.now();
      longestPause = Math.max(longestPause, now - last);
      last = now;
      ticks++;
    }, 5);
    const started = performance.now();
    const there = await readPolicyPages(pages).finally(() => clearInterval(probe));
    const took = performance.now() - started;
    expect(here.family).toBe("formulary");
    expect(there.sections.length).toBe(here.sections.length);
    expect(there).toStrictEqual(here);
    expect(ticks).toBeGreaterThan(3);
    expect(longestPause).toBeLessThan(took / 2);
  });
});

describe("limits of a reading", () => {
  it("a reading over its time limit fails with the limit's error, and the next one reads on a fresh thread", async () => {
    const pages = await pdfPages(() => Array.from({ length: 10 }, () => partDBookPages(FICTIONAL_PART_D_BOOK)).flat());
    await readPolicyPages(SINGLE_DRUG); // a warm thread: what is stopped is the reading, not the reader's load
    const killed = policyReadingPoolStats()?.killed ?? 0;
    const error = await readPolicyPages(pages, { limits: { timeoutMs: 1 } }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(DocumentOverLimit);
    expect(error).toMatchObject({ limit: "policy_read_time", code: "document_over_limit", message: expect.stringContaining("PA_POLICY_READ_TIMEOUT_MS") });
    expect(policyReadingPoolStats()?.killed).toBe(killed + 1);
    expect((await readPolicyPages(SINGLE_DRUG)).family).toBe("single_drug");
  });

  it("a reading over its heap limit fails with the memory limit's error", async () => {
    const error = await readPolicyPages(SINGLE_DRUG, { limits: { heapMb: 12 } }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(DocumentOverLimit);
    expect(error).toMatchObject({ limit: "memory", code: "document_over_limit", message: expect.stringContaining("PA_READ_HEAP_MB") });
    expect((await readPolicyPages(SINGLE_DRUG)).family).toBe("single_drug");
  });
});
