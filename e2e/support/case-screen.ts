// Cases for the case screen's specs (issue 22 items 3, 4, 6, 7): an engine approval, a pended case, a quote from a
// table (text and scanned), a fact typed in a PDF annotation (not placeable on the drawn page), a request for
// information, each made through the API as an integration would.
import { expect, type APIRequestContext, type Locator, type Page } from "@playwright/test";
import fs from "node:fs";
import path from "node:path";
import { PDFDocument, PDFName, PDFString, StandardFonts } from "pdf-lib";
import { imageOnlyPdf, renderPng } from "../../lib/documents/test-fixtures";
import { addClaims, addPolicy, CLINICAL_NOTE, createCase, formPdf, uploadPdf } from "./cases";
import { apiClient, waitForFinal } from "./api";

const SCALES_FORM = [
  "Prior Authorization Request Form",
  "Member Name: Harold J Mensah",
  "Date of Birth: 03/02/1958",
  "Sex: Male",
  "Member ID: HM2210044",
  "Prescriber Name: Dr. Rita Okafor",
  "NPI: 1234567893",
  "Specialty: Neurology",
  "Medication: Nuedexta (dextromethorphan-quinidine) 20-10 mg capsule",
  "Quantity: 60 capsules   Days Supply: 30",
  "Diagnosis: Pseudobulbar affect (F48.2)",
];

/** A score criterion the engine reads from a table row ("CNS-LS | 08/29/2025 | 21"). */
export const SCALES_POLICY = [
  "Nuedexta (dextromethorphan-quinidine) Prior Authorization Policy",
  "Criteria for Initial Approval",
  "Pseudobulbar affect",
  "1. Diagnosis of pseudobulbar affect (F48.2); AND",
  "2. Baseline CNS-LS score > 13.",
].join("\n");

/** The Epidiolex form's child (born 2012) under an adults-only policy: the engine recommends a denial, pended. */
export const ADULTS_ONLY_POLICY = [
  "Epidiolex (cannabidiol) Adult Coverage Policy",
  "Criteria for Initial Approval",
  "1. Patient is 18 years of age or older; AND",
  "2. Diagnosis of Lennox-Gastaut syndrome (G40.811).",
].join("\n");

export const SCALE_ROWS = [["Instrument", "Date", "Score"], ["CNS-LS", "08/29/2025", "21"], ["PHQ-9", "09/29/2025", "6"]];

/** The request form, then a progress note whose scales are a table drawn in columns (page text "CNS-LS | 08/29/2025 | 21"). */
export async function scalesPdf(opts: { withTable?: boolean } = {}): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const form = doc.addPage([612, 792]);
  SCALES_FORM.forEach((line, i) => form.drawText(line, { x: 50, y: 740 - i * 16, size: 11, font }));
  const note = doc.addPage([612, 792]);
  note.drawText("Neurology progress note", { x: 50, y: 740, size: 11, font });
  note.drawText("Pseudobulbar affect secondary to ALS. Scales below.", { x: 50, y: 722, size: 11, font });
  if (opts.withTable ?? true) SCALE_ROWS.forEach((row, i) => row.forEach((cell, k) => note.drawText(cell, { x: 50 + k * 160, y: 690 - i * 20, size: 12, font })));
  return doc.save();
}

/** The scales note alone, as the answer to a request for information. */
export async function scalesNotePdf(): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const note = doc.addPage([612, 792]);
  note.drawText("Neurology follow-up: scales", { x: 50, y: 740, size: 11, font });
  SCALE_ROWS.forEach((row, i) => row.forEach((cell, k) => note.drawText(cell, { x: 50 + k * 160, y: 700 - i * 20, size: 12, font })));
  return doc.save();
}

/** The same request scanned: both pages as images only (text recognition reads them). */
export async function scannedScalesPdf(): Promise<Uint8Array> {
  const pdf = await scalesPdf();
  return imageOnlyPdf([{ png: await renderPng(pdf, 200 / 72, 1) }, { png: await renderPng(pdf, 200 / 72, 2) }]);
}

/**
 * The Epidiolex request whose member name was typed into the PDF as a FreeText annotation (as a PDF viewer does):
 * the reader reads it, but it is no text of the drawn page, so its quote cannot be placed on the page image.
 */
export async function typedNamePdf(): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const page = doc.addPage([612, 792]);
  const lines = ["Prior Authorization Request Form", "Member Name:", "Date of Birth: 06/15/2012", "Sex: Female", "Medication: Epidiolex (cannabidiol) 100 mg/mL oral solution", "Diagnosis: Lennox-Gastaut syndrome (G40.811)"];
  lines.forEach((line, i) => page.drawText(line, { x: 50, y: 740 - i * 16, size: 11, font }));
  const annot = doc.context.obj({ Type: "Annot", Subtype: "FreeText", Rect: [130, 719, 330, 735], Contents: PDFString.of("Jane Q Doe"), DA: PDFString.of("/Helv 11 Tf 0 0 0 rg") });
  page.node.set(PDFName.of("Annots"), doc.context.obj([doc.context.register(annot)]));
  return doc.save();
}

const post = async (request: APIRequestContext, apiKey: string, pathName: string, data?: unknown) => {
  const response = await request.post(`/api/v1${pathName}`, { headers: { "X-API-Key": apiKey }, ...(data !== undefined ? { data } : {}) });
  expect(response.status(), await response.text()).toBeLessThan(300);
  return response.json();
};

export async function addPolicyText(request: APIRequestContext, apiKey: string, text: string, drugNames: string[]) {
  await post(request, apiKey, "/policies", { text, drug_names: drugNames });
}

/** A case the engine approved on its own (the workspace default: engine approvals are final). */
export async function engineApprovedCase(request: APIRequestContext, apiKey: string) {
  await addPolicy(request, apiKey);
  const doc = await uploadPdf(request, apiKey, await formPdf(), "request.pdf");
  const pa = await createCase(request, apiKey, { caseId: `ENGINE-OK-${Date.now()}`, documentUrl: doc.document_url });
  await addClaims(request, apiKey, pa.id);
  const { determination } = await post(request, apiKey, `/prior_auths/${pa.id}/determination`);
  expect(determination.status).toBe("approved");
  return { ...pa, determination };
}

/** A child's request under an adults-only policy: pended, the engine recommending a denial. */
export async function pendedCase(request: APIRequestContext, apiKey: string) {
  await addPolicyText(request, apiKey, ADULTS_ONLY_POLICY, ["Epidiolex (cannabidiol)"]);
  const doc = await uploadPdf(request, apiKey, await formPdf(), "request.pdf");
  const pa = await createCase(request, apiKey, { caseId: `PENDED-${Date.now()}`, documentUrl: doc.document_url });
  const { determination } = await post(request, apiKey, `/prior_auths/${pa.id}/determination`);
  expect(determination.status).toBe("pending_review");
  return { ...pa, determination };
}

/** A Nuedexta case whose score is read from a table row; `scanned` sends it as images only. */
export async function tableQuoteCase(request: APIRequestContext, apiKey: string, opts: { scanned?: boolean } = {}) {
  const bytes = opts.scanned ? await scannedScalesPdf() : await scalesPdf();
  const doc = await uploadPdf(request, apiKey, bytes, opts.scanned ? "scales-scan.pdf" : "scales.pdf");
  const pa = await createCase(request, apiKey, { caseId: `TABLE-${opts.scanned ? "SCAN-" : ""}${Date.now()}`, documentUrl: doc.document_url });
  const final = await waitForFinal(apiClient(request, apiKey), pa.id, 120_000);
  expect(final.status).not.toBe("Failed");
  const check = await post(request, apiKey, `/prior_auths/${pa.id}/policy_check`);
  return { ...pa, check };
}

/** A case with its member name typed in an annotation (see typedNamePdf). */
export async function typedNameCase(request: APIRequestContext, apiKey: string) {
  const doc = await uploadPdf(request, apiKey, await typedNamePdf(), "typed.pdf");
  return createCase(request, apiKey, { caseId: `TYPED-${Date.now()}`, documentUrl: doc.document_url });
}

/** A Nuedexta case without its scales: the engine asks for the score (a request for information). */
export async function rfiCase(request: APIRequestContext, apiKey: string) {
  const doc = await uploadPdf(request, apiKey, await scalesPdf({ withTable: false }), "request.pdf");
  const pa = await createCase(request, apiKey, { caseId: `RFI-${Date.now()}`, documentUrl: doc.document_url });
  const { determination } = await post(request, apiKey, `/prior_auths/${pa.id}/determination`);
  return { ...pa, determination };
}

export { CLINICAL_NOTE };

/**
 * A screenshot at a laptop's and a phone's width: full pages for the note in e2e/artifacts (not committed), or, with
 * `dir`, the window only (small PNGs, e.g. docs/screenshots, committed).
 */
export async function screenshotsAtBothWidths(page: Page, name: string, ready?: () => Promise<void>, opts: { dir?: string } = {}) {
  const dir = path.resolve(opts.dir ?? "e2e/artifacts");
  fs.mkdirSync(dir, { recursive: true });
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 800 });
    if (ready) await ready();
    await page.screenshot({ path: path.join(dir, `${name}-${width}.png`), fullPage: !opts.dir });
  }
}

/** Elements reaching past the window's right edge (nothing on the case page scrolls sideways). */
export const overflowing = (page: Page) =>
  page.locator("body").evaluate((body) =>
    [...body.querySelectorAll("*")]
      .filter((el) => el.getBoundingClientRect().right > window.innerWidth + 1 && !el.closest("[role=region][tabindex], pre, canvas"))
      .map((el) => `${`${el.tagName.toLowerCase()}.${el.className}`.slice(0, 100)} "${(el.textContent ?? "").trim().slice(0, 60)}"`));

/** One stage of the case's progress stepper. */
export const stage = (page: Page, label: string): Locator => page.getByRole("list", { name: "Case progress" }).getByRole("listitem").filter({ hasText: label });

/**
 * Watches the case page from now on, at every change of the page (a MutationObserver, no sampling): the header's status,
 * the stepper's decision stage, the action bar's main button, the decision history and the action message must tell the
 * same state in every rendered frame. Returns a reader of what disagreed (an empty list when all agreed throughout).
 */
export async function watchOneState(page: Page): Promise<() => Promise<string[]>> {
  await page.evaluate(() => {
    const w = window as unknown as { __oneState?: { seen: string[]; observer: MutationObserver } };
    w.__oneState?.observer.disconnect();
    const seen: string[] = [];
    const text = (el: Element | null | undefined) => (el?.textContent ?? "").replace(/\s+/g, " ").trim();
    const check = () => {
      const status = text(document.querySelector("[data-testid=case-status]"));
      if (!status) return;
      const decided = status === "Approved" || status === "Denied";
      const problems: string[] = [];
      const stages = [...document.querySelectorAll("[aria-label='Case progress'] > li")].map(text);
      const last = stages[stages.length - 1] ?? "";
      if (decided && !last.startsWith(`Decided`)) problems.push(`stepper "${last}"`);
      if (decided && !last.includes(`${status} by`)) problems.push(`stepper "${last}"`);
      if (status === "Pending review" && !last.includes("Waiting for a reviewer")) problems.push(`stepper "${last}"`);
      const buttons = [...document.querySelectorAll("[data-testid=case-action-bar] button")].map(text);
      if (decided && !buttons.includes("Change the decision")) problems.push(`main action ${JSON.stringify(buttons)}`);
      if (status === "Pending review" && !buttons.includes("Decide")) problems.push(`main action ${JSON.stringify(buttons)}`);
      const decisionText = text(document.getElementById("decision"));
      if (decided && decisionText.includes("No decision recorded yet.")) problems.push("history: no decision recorded yet");
      const message = text(document.querySelector("[data-testid=case-message]"));
      const said = /re-evaluated: ([^.]+)\./.exec(message)?.[1];
      if (said && said !== status.toLowerCase()) problems.push(`message "${message}"`);
      if (problems.length) seen.push(`header "${status}": ${[...new Set(problems)].join("; ")}`);
    };
    const observer = new MutationObserver(check);
    observer.observe(document.body, { subtree: true, childList: true, characterData: true, attributes: true });
    check();
    w.__oneState = { seen, observer };
  });
  return () => page.evaluate(() => [...new Set((window as unknown as { __oneState: { seen: string[] } }).__oneState.seen)]);
}
