import fs from "node:fs";
import path from "node:path";
import { PDFDocument, StandardFonts } from "pdf-lib";
import { describe, expect, it } from "vitest";
import { readPdf } from "@/lib/documents/read-pdf";
import { caseClaims } from "./case-claims";
import type { SourceDocument } from "@/lib/documents/layout/source-document";
import { claimColumnOf, claimStatusOf, readClaimsTables } from "./claims-table";

describe.each([
  ["Fill Date", "date"], ["Date Filled", "date"], ["DOS", "date"], ["Drug", "drug"], ["Drug Name & Strength", "drug"], ["Medication", "drug"],
  ["NDC", "ndc"], ["Qty", "quantity"], ["Qty Disp.", "quantity"], ["Days Supply", "days_supply"], ["Day's Supply", "days_supply"], ["Days", "days_supply"],
  ["Claim Status", "status"], ["Rx #", "claim_id"], ["HCPCS", "procedure_code"], ["Prescriber", null], ["Pharmacy", null],
])("header %s", (cell, column) => {
  it(`is the ${column ?? "no"} column`, () => expect(claimColumnOf(cell)).toBe(column));
});

describe.each([
  ["Paid", "paid"], ["PAID", "paid"], ["Rejected", "denied"], ["Reversed", "denied"], ["Pending", "pending"], ["Submitted", "pending"], ["Maybe", null],
])("status %s", (word, status) => {
  it(`is ${status}`, () => expect(claimStatusOf(word)).toBe(status));
});

/** A PBM fill history: claim numbers first, right-aligned numbers, a wrapped drug name, a rejected fill, two pages. */
async function fillHistoryPdf(): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const cols = [40, 110, 180, 340, 430, 480, 530];
  const header = ["Rx #", "Date Filled", "Drug Name & Strength", "NDC", "Qty Disp", "Days", "Status"];
  const rows = [
    ["700123", "01/15/2025", "glipizide 5 mg tablet", "00093-8034-01", "60", "30", "Paid"],
    ["700124", "02/14/2025", "metformin ER 500 mg", "00378-6001-01", "120", "30", "Paid"],
    ["", "", "extended-release tablet", "", "", "", ""],
    ["700125", "03/16/2025", "metformin ER 500 mg", "00378-6001-01", "120", "30", "Rejected"],
  ];
  const page1 = doc.addPage([612, 792]);
  page1.drawText("Prescription Fill History - member copy", { x: 40, y: 740, size: 12, font });
  const draw = (page: typeof page1, cells: string[], y: number) =>
    cells.forEach((c, i) => {
      if (!c) return;
      // Numbers sit right-aligned under their headers.
      const right = i >= 4 && i <= 5 && !Number.isNaN(Number(c));
      page.drawText(c, { x: right ? cols[i] + 30 - font.widthOfTextAtSize(c, 9) : cols[i], y, size: 9, font });
    });
  draw(page1, header, 700);
  rows.forEach((r, i) => draw(page1, r, 680 - i * 14));
  const page2 = doc.addPage([612, 792]);
  draw(page2, header, 700);
  draw(page2, ["700190", "04/15/2025", "metformin ER 500 mg", "00378-6001-01", "120", "30", "Paid"], 680);
  page2.drawText("Questions? Call the number on your card.", { x: 40, y: 600, size: 9, font });
  return doc.save();
}

describe("readClaimsTables", () => {
  it("reads a fill history PDF: columns by position, a wrapped name, statuses, the table continued on page 2", async () => {
    const pdf = await readPdf(await fillHistoryPdf());
    const doc: SourceDocument = { id: "doc1", name: "fills.pdf", contentType: "application/pdf", pages: pdf.pages };
    const claims = readClaimsTables(doc);
    expect(claims.map((c) => [c.claim_id, c.date, c.drug_name, c.ndc, c.quantity, c.days_supply, c.status])).toEqual([
      ["700123", "2025-01-15", "glipizide 5 mg tablet", "00093803401", 60, 30, "paid"],
      ["700124", "2025-02-14", "metformin ER 500 mg extended-release tablet", "00378600101", 120, 30, "paid"],
      ["700125", "2025-03-16", "metformin ER 500 mg", "00378600101", 120, 30, "denied"],
      ["700190", "2025-04-15", "metformin ER 500 mg", "00378600101", 120, 30, "paid"],
    ]);
    expect(claims[3].source).toMatchObject({ documentId: "doc1", documentName: "fills.pdf", page: 2 });
    const page2 = pdf.pages[1].text;
    expect(page2.slice(claims[3].source!.start, claims[3].source!.end)).toBe(claims[3].source!.quote);
  });

  it("reads a plain-text medical claims table (columns by runs of spaces) and no status column in a paid-claims report", () => {
    const text = ["Paid claims report", "DOS          HCPCS   Description                 Units", "2025-06-02   J9250   methotrexate injection      1", "2025-06-30   J9250   methotrexate injection      1", "Total: 2"].join("\n");
    const claims = readClaimsTables({ id: "t", name: "claims.txt", contentType: "text/plain", pages: [{ page: 1, text }] });
    expect(claims.map((c) => [c.date, c.type, c.procedure_code, c.drug_name, c.status, c.quantity])).toEqual([
      ["2025-06-02", "pharmacy", "J9250", "methotrexate injection", "paid", 1],
      ["2025-06-30", "pharmacy", "J9250", "methotrexate injection", "paid", 1],
    ]);
  });

  it("leaves a row without a known status pending, and reads nothing from a page without a claims header", () => {
    const table = ["Fill date | Drug | Qty | Status", "05/01/2025 | sumatriptan 50 mg tab | 9 | On hold?"].join("\n");
    expect(readClaimsTables({ id: "x", name: "x", contentType: "text/plain", pages: [{ page: 1, text: table }] })[0].status).toBe("pending");
    const note = ["Visit date: 05/01/2025", "Medication: sumatriptan 50 mg | 9 tablets | 30 days"].join("\n");
    expect(readClaimsTables({ id: "n", name: "note", contentType: "text/plain", pages: [{ page: 1, text: note }] })).toEqual([]);
  });

  it("caseClaims keeps API records and adds only printed rows they do not repeat", () => {
    const text = ["Fill date | Drug | Qty | Days supply | Status", "03/24/2025 | metformin 1000 mg tab | 60 | 30 | Paid", "04/22/2025 | metformin 1000 mg tab | 60 | 30 | Paid"].join("\n");
    const doc: SourceDocument = { id: "c", name: "claims.pdf", contentType: "application/pdf", pages: [{ page: 1, text }] };
    const claims = caseClaims([{ claim_id: "API-1", date: "2025-03-24", type: "pharmacy", status: "paid", drug_name: "Metformin" }], [doc]);
    expect(claims.map((c) => c.claim_id)).toEqual(["API-1", "claims.pdf p1 row 2"]);
  });
});

const corpus = path.resolve(__dirname, "../../../shared/corpus/policy-families");
describe.skipIf(!fs.existsSync(corpus))("corpus claims tables", () => {
  it.each([
    ["201-sitagliptin/b/201_b_pharmacy_claims.pdf", 4, "2025-04-22", "metformin"],
    ["202-rosuvastatin/b/202_b_pharmacy_claims.pdf", 4, "2025-10-01", "aspirin"],
    ["203-ondansetron/b/203_b_pharmacy_claims.pdf", 3, "2025-11-06", "ondansetron"],
  ])("%s", async (file, count, date, drug) => {
    const pdf = await readPdf(new Uint8Array(fs.readFileSync(path.join(corpus, file))));
    const claims = readClaimsTables({ id: "d", name: path.basename(file), contentType: "application/pdf", pages: pdf.pages });
    expect(claims).toHaveLength(count);
    expect(claims.every((c) => c.status === "paid" && c.days_supply && c.quantity)).toBe(true);
    expect(claims.some((c) => c.date === date && c.drug_name?.toLowerCase().includes(drug))).toBe(true);
  });
});
