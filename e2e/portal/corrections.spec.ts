// Issue 22 items 1 and 2 in Chromium: a reviewer corrects misread facts on the case page (one from the document's
// words, one stated by phone), the case is re-evaluated at once and the correction changes the decision; the notice
// preview shows the notice with the corrected name before anything is issued. Screenshots at 1280 and 390 px.
import { expect, test, type Page } from "@playwright/test";
import { createTestWorkspace } from "../support/workspace";
import { keepScreenshot, logIn } from "../support/portal";
import { screenshotsAtBothWidths } from "../support/case-screen";
import { signInRequest } from "../support/session";
import { uploadPdf } from "../support/cases";
import { makePdf, PA_FORM_PAGE } from "../support/fixtures";
import { MRI_SERVICE, procedureFormPage } from "../support/procedure-request";

// One criterion the form's date of birth decides: the patient (born 2012) is under 18 as read.
const POLICY_TEXT = [
  "Acme Health Plan Drug Coverage Policy",
  "Epidiolex (cannabidiol oral solution)",
  "Effective Date: 01/01/2024",
  "Coverage Criteria",
  "Lennox-Gastaut Syndrome. Approve for 1 year if the patient meets ALL of the following criteria (1 and 2):",
  "1. Patient is 18 years of age or older; AND",
  "2. The medication is prescribed by or in consultation with a neurologist.",
].join("\n");

async function saveCorrection(page: Page, fact: string, fill: () => Promise<void>, source: "A document of the case" | "Stated by phone", words?: string) {
  const form = page.getByRole("form", { name: "Correct a fact" });
  await form.getByLabel("Fact to correct").selectOption({ label: fact });
  await fill();
  await form.getByRole("radio", { name: source }).check();
  if (words) await form.getByLabel("Words on that page that state the value").fill(words);
  await form.getByRole("button", { name: "Save correction and re-evaluate" }).click();
}

test("a correction changes the decision, and the notice preview shows the corrected name before it is sent", async ({ page, request }) => {
  test.setTimeout(120_000);
  const ws = await createTestWorkspace("Corrections portal");
  const headers = { "X-API-Key": ws.apiKey };
  const policy = await request.post("/api/v1/policies", { headers, data: { text: POLICY_TEXT, drug_names: ["Epidiolex (cannabidiol oral solution)"] } });
  expect(policy.status(), await policy.text()).toBe(201);
  const form = await uploadPdf(request, ws.apiKey, await makePdf([PA_FORM_PAGE]), "request-form.pdf");
  const created = await request.post("/api/v1/prior_auths", { headers, data: { case_id: `CORR-${Date.now()}`, document_url: form.document_url, synchronous_request: true } });
  expect(created.status(), await created.text()).toBe(201);
  const pa = await created.json();
  const first = await request.post(`/api/v1/prior_auths/${pa.id}/determination`, { headers });
  expect((await first.json()).determination.status).toBe("pending_review");

  await page.setViewportSize({ width: 1280, height: 900 });
  await logIn(page, ws.adminEmail, ws.adminPassword);
  await page.goto(`/cases/${pa.id}`);
  const status = page.getByTestId("case-status");
  await expect(status).toContainText(/pending/i);
  const corrections = page.getByRole("region", { name: "Corrections" });
  await expect(corrections.getByText("No fact has been corrected.")).toBeVisible();
  await keepScreenshot(page, "corrections-before-1280");

  // The name from the form's own words.
  await saveCorrection(page, "Patient name", async () => {
    await corrections.getByLabel("Given names").fill("Jane Quinn");
    await corrections.getByLabel("Family name").fill("Doe");
  }, "A document of the case", "Member Name: Jane Q Doe");
  await expect(page.getByRole("status").filter({ hasText: "Patient name corrected. The case was re-evaluated: pending review." })).toBeVisible({ timeout: 30_000 });
  const listed = corrections.getByRole("list", { name: "Corrected facts" });
  await expect(listed.getByRole("listitem")).toHaveCount(1);
  await expect(listed).toContainText('Patient name: Jane Quinn Doe (was Jane Q Doe)');
  await expect(listed).toContainText('Source: "Member Name: Jane Q Doe" (page 1)');
  await expect(page.getByTestId("case-header")).toContainText("Jane Quinn Doe");

  // The notice preview: what an approval would send now, with the corrected name and the drug read.
  const decision = page.getByRole("form", { name: "Record a decision" });
  await decision.getByRole("radio", { name: /Approve/ }).check();
  await decision.getByLabel(/^Note/).fill("Age confirmed; criteria met.");
  const letter = page.getByRole("region", { name: "Notice preview" }).getByTestId("notice-letter");
  await expect(letter).toContainText("Notice of approval");
  await expect(letter).toContainText(/Patient:\s*Jane Quinn Doe/);
  await expect(letter).toContainText(/Drug:\s*Epidiolex/);
  await expect(letter).toContainText("Reviewer's note: Age confirmed; criteria met.");
  await letter.scrollIntoViewIfNeeded();
  await keepScreenshot(page, "notice-preview-1280");
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(letter).toContainText(/Patient:\s*Jane Quinn Doe/);
  const previewBox = await page.getByRole("region", { name: "Notice preview" }).boundingBox();
  expect(previewBox!.x + previewBox!.width).toBeLessThanOrEqual(390);
  await keepScreenshot(page, "notice-preview-390");
  await page.setViewportSize({ width: 1280, height: 900 });
  // Nothing was issued by previewing.
  expect((await (await request.get(`/api/v1/prior_auths/${pa.id}/notices`, { headers })).json()).data).toEqual([]);

  // The date of birth stated by phone: the patient is an adult, the age criterion is met and the engine approves.
  await saveCorrection(page, "Date of birth", async () => {
    await corrections.getByLabel("Date of birth").fill("1990-06-15");
  }, "Stated by phone");
  await expect(page.getByRole("status").filter({ hasText: "Date of birth corrected. The case was re-evaluated: approved." })).toBeVisible({ timeout: 30_000 });
  await expect(status).toContainText(/approved/i);
  await expect(listed.getByRole("listitem")).toHaveCount(2);
  await expect(listed).toContainText("Date of birth: 1990-06-15 (was 2012-06-15)");
  await expect(listed).toContainText("Source: stated by phone");
  // The approval's notice names the corrected patient.
  const notices = (await (await request.get(`/api/v1/prior_auths/${pa.id}/notices`, { headers })).json()).data;
  expect(notices[0].content.patient).toMatchObject({ name: "Jane Quinn Doe", birthDate: "1990-06-15" });
  await keepScreenshot(page, "corrections-after-1280");
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(listed).toBeVisible();
  const correctionsBox = await corrections.boundingBox();
  expect(correctionsBox!.x + correctionsBox!.width).toBeLessThanOrEqual(390);
  await keepScreenshot(page, "corrections-after-390");
});

test("corrections pick from the lexicon: a drug with its NDC, billable ICD-10-CM codes (a category is refused), a NUCC specialty", async ({ page, request }) => {
  test.setTimeout(120_000);
  const ws = await createTestWorkspace("Corrections lexicon");
  const headers = { "X-API-Key": ws.apiKey };
  const form = await uploadPdf(request, ws.apiKey, await makePdf([PA_FORM_PAGE]), "request-form.pdf");
  const created = await request.post("/api/v1/prior_auths", { headers, data: { case_id: `CORR-LEX-${Date.now()}`, document_url: form.document_url, synchronous_request: true } });
  expect(created.status(), await created.text()).toBe(201);
  const pa = await created.json();

  await page.setViewportSize({ width: 1280, height: 900 });
  await logIn(page, ws.adminEmail, ws.adminPassword);
  await page.goto(`/cases/${pa.id}`);
  const corrections = page.getByRole("region", { name: "Corrections" });
  const correctForm = page.getByRole("form", { name: "Correct a fact" });
  const listed = corrections.getByRole("list", { name: "Corrected facts" });

  // Diagnoses: a category is listed as not billable and refused with a message; a billable code found by its words is taken.
  await correctForm.getByLabel("Fact to correct").selectOption({ label: "Diagnoses" });
  const diagnosis = correctForm.getByRole("combobox", { name: "Add a diagnosis (ICD-10-CM)" });
  await diagnosis.fill("G40.8");
  const matches = correctForm.getByRole("listbox", { name: "Add a diagnosis (ICD-10-CM): matches" });
  const category = matches.getByRole("option", { name: /^G40\.8 .*not billable/ });
  await expect(category).toBeVisible();
  await category.click();
  await expect(correctForm.getByRole("alert")).toHaveText(/G40\.8 is a category, not billable: choose a billable code/);
  await expect(correctForm.getByRole("list", { name: "Chosen diagnoses" })).toHaveCount(0);
  await diagnosis.fill("without lennox intractable");
  await matches.getByRole("option", { name: /^G40\.814 Lennox-Gastaut syndrome, intractable, without status epilepticus/ }).click();
  const chosen = correctForm.getByRole("list", { name: "Chosen diagnoses" });
  await expect(chosen).toContainText("G40.814 Lennox-Gastaut syndrome, intractable, without status epilepticus");
  await correctForm.getByRole("radio", { name: "My own review" }).check();
  await correctForm.getByRole("button", { name: "Save correction and re-evaluate" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Diagnoses corrected." })).toBeVisible({ timeout: 30_000 });
  await expect(listed).toContainText("Diagnoses: G40.814 Lennox-Gastaut syndrome, intractable, without status epilepticus");

  // The drug, chosen by keyboard from the vocabulary, with its NDC.
  await correctForm.getByLabel("Fact to correct").selectOption({ label: "Drug" });
  const drug = correctForm.getByRole("combobox", { name: "Drug" });
  await drug.fill("repat");
  await expect(correctForm.getByRole("option", { name: /^Repatha \(evolocumab\)/ })).toBeVisible();
  await drug.press("ArrowDown");
  await drug.press("Enter");
  await expect(drug).toHaveValue("Repatha");
  await correctForm.getByLabel("NDC (optional)").fill("72511-0760-01");
  await correctForm.getByRole("radio", { name: "Stated by phone" }).check();
  await correctForm.getByRole("button", { name: "Save correction and re-evaluate" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Drug corrected." })).toBeVisible({ timeout: 30_000 });
  await expect(listed).toContainText(/Drug: Repatha \(NDC 72511-?0760-?01\) \(was Epidiolex/);
  await expect(page.getByTestId("case-header")).toContainText("Repatha");

  // The specialty from the NUCC taxonomy, by its name.
  await correctForm.getByLabel("Fact to correct").selectOption({ label: "Specialty" });
  const specialty = correctForm.getByRole("combobox", { name: "Specialty (NUCC taxonomy)" });
  await specialty.fill("cardiovascular dis");
  await correctForm.getByRole("option", { name: /^207RC0000X Internal Medicine, Cardiovascular Disease/ }).click();
  await expect(correctForm.getByText("NUCC code 207RC0000X")).toBeVisible();
  await correctForm.getByRole("radio", { name: "My own review" }).check();
  await correctForm.getByRole("button", { name: "Save correction and re-evaluate" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Specialty corrected." })).toBeVisible({ timeout: 30_000 });
  await expect(listed).toContainText("Specialty: Internal Medicine, Cardiovascular Disease (207RC0000X)");
  await expect(listed.getByRole("listitem")).toHaveCount(3);
});

test("a case pended because its patient is unread says so at the top, the notice preview refuses, and a correction makes the notice ready (screenshots before and after)", async ({ page, request, playwright, baseURL }) => {
  test.setTimeout(120_000);
  const ws = await createTestWorkspace("Unread patient");
  const headers = { "X-API-Key": ws.apiKey };
  // A reviewer confirms every outcome here, so the notice preview is there before and after the correction.
  const admin = await playwright.request.newContext({ baseURL, extraHTTPHeaders: { Origin: String(baseURL) } });
  await signInRequest(admin, ws.adminEmail, ws.adminPassword);
  expect((await admin.patch("/api/v1/workspace", { data: { engine_approvals_final: false } })).status()).toBe(200);
  await admin.dispose();
  const policy = await request.post("/api/v1/policies", { headers, data: { text: POLICY_TEXT.replace("18 years of age or older", "6 years of age or older"), drug_names: ["Epidiolex (cannabidiol oral solution)"] } });
  expect(policy.status(), await policy.text()).toBe(201);
  const nameless = PA_FORM_PAGE.split("\n").filter((line) => !line.startsWith("Member Name")).join("\n");
  const form = await uploadPdf(request, ws.apiKey, await makePdf([nameless]), "request-form.pdf");
  const created = await request.post("/api/v1/prior_auths", { headers, data: { case_id: `UNREAD-${Date.now()}`, document_url: form.document_url, synchronous_request: true } });
  expect(created.status(), await created.text()).toBe(201);
  const pa = await created.json();
  const first = await request.post(`/api/v1/prior_auths/${pa.id}/determination`, { headers });
  expect((await first.json()).determination).toMatchObject({ status: "pending_review", recommended_status: "approved" });

  await page.setViewportSize({ width: 1280, height: 900 });
  await logIn(page, ws.adminEmail, ws.adminPassword);
  await page.goto(`/cases/${pa.id}`);
  // At the top: why it waits, the unread patient first.
  const standing = page.getByTestId("case-standing");
  await expect(standing).toContainText(/Unread:\s*The patient's name was not read from the documents: correct the patient name first\./);
  await expect(standing).toContainText("The engine recommends approval; a person decides.");
  const decision = page.getByRole("form", { name: "Record a decision" });
  await decision.getByRole("radio", { name: /Approve/ }).check();
  const preview = page.getByRole("region", { name: "Notice preview" });
  await expect(preview.getByRole("alert")).toContainText("This notice cannot be sent yet");
  await expect(preview.getByRole("alert")).toContainText("correct the patient name first");
  await screenshotsAtBothWidths(page, "review-screen-before", () => expect(preview.getByRole("alert")).toBeVisible());

  await page.setViewportSize({ width: 1280, height: 900 });
  await saveCorrection(page, "Patient name", async () => {
    const corrections = page.getByRole("region", { name: "Corrections" });
    await corrections.getByLabel("Given names").fill("Jane");
    await corrections.getByLabel("Family name").fill("Doe");
  }, "Stated by phone");
  await expect(page.getByRole("status").filter({ hasText: "Patient name corrected. The case was re-evaluated: pending review." })).toBeVisible({ timeout: 30_000 });
  // Nothing is unread any more: no reason of that kind at the top.
  await expect(page.getByTestId("case-standing").filter({ hasText: "Unread" })).toHaveCount(0);
  await expect(page.getByTestId("case-header")).toContainText("Jane Doe");
  await decision.getByRole("radio", { name: /Approve/ }).check();
  const letter = preview.getByTestId("notice-letter");
  await expect(letter).toContainText(/Patient:\s*Jane Doe/);
  await expect(preview.getByRole("alert")).toHaveCount(0);
  await screenshotsAtBothWidths(page, "review-screen-after", () => expect(letter).toContainText(/Patient:\s*Jane Doe/));
});

test("a procedure request without its code read: the nurse corrects the service code, the preview names the service, the decision issues it, and Reports counts the correction", async ({ page, request }) => {
  test.setTimeout(120_000);
  const ws = await createTestWorkspace("Procedure portal");
  const form = await uploadPdf(request, ws.apiKey, await makePdf([procedureFormPage({ withoutCode: true })]), "mri-request.pdf");
  const created = await request.post("/api/v1/prior_auths", { headers: { "X-API-Key": ws.apiKey }, data: { case_id: `PROC-${Date.now()}`, document_url: form.document_url, synchronous_request: true } });
  expect(created.status(), await created.text()).toBe(201);
  const pa = await created.json();

  await page.setViewportSize({ width: 1280, height: 900 });
  await logIn(page, ws.adminEmail, ws.adminPassword);
  await page.goto(`/cases/${pa.id}`);
  const decision = page.getByRole("form", { name: "Record a decision" });
  await decision.getByRole("radio", { name: /Approve/ }).check();
  const preview = page.getByRole("region", { name: "Notice preview" });
  await expect(preview.getByRole("alert")).toContainText("This notice cannot be sent yet");
  await expect(preview.getByRole("alert")).toContainText("Neither a requested drug nor a service code was read");

  const corrections = page.getByRole("region", { name: "Corrections" });
  await saveCorrection(page, "Service code (CPT/HCPCS)", async () => {
    await corrections.getByLabel("CPT or HCPCS code").fill("70553");
    await corrections.getByLabel("Service name (optional)").fill(MRI_SERVICE);
  }, "A document of the case", `Requested service: ${MRI_SERVICE}`);
  await expect(page.getByRole("status").filter({ hasText: /^Service code \(CPT\/HCPCS\) corrected\./ })).toBeVisible({ timeout: 30_000 });
  await expect(corrections.getByRole("list", { name: "Corrected facts" })).toContainText(`Service code (CPT/HCPCS): CPT 70553 (${MRI_SERVICE}) (was not read)`);
  // The intake shows the requested service; its value opens the words it comes from.
  await expect(page.getByRole("region", { name: "Intake" })).toContainText(`CPT 70553 (${MRI_SERVICE})`);

  await decision.getByRole("radio", { name: /Approve/ }).check();
  await decision.getByLabel(/^Note/).fill("Neurology referral on file; criteria met.");
  const letter = preview.getByTestId("notice-letter");
  await expect(letter).toContainText(/Patient:\s*Jane Q Doe/);
  await expect(letter).toContainText(new RegExp(`Service:\\s*CPT 70553 \\(${MRI_SERVICE}\\)`));
  await expect(letter).not.toContainText(/Drug:|Quantity:/);
  await expect(letter).toContainText(`The request for CPT 70553 (${MRI_SERVICE}) is approved`);
  await expect(preview.getByRole("alert")).toHaveCount(0);
  await decision.getByRole("button", { name: "Record decision" }).click();
  await expect(page.getByTestId("case-status")).toHaveText("Approved");
  const notices = page.getByRole("region", { name: "Notices" });
  await expect(notices).toContainText("Notice of approval");
  await expect(notices).toContainText(`The request for CPT 70553 (${MRI_SERVICE}) is approved`);

  // Reports: the correction is counted against its field, the engine's reading errors as people see them.
  await page.getByRole("link", { name: "Reports" }).click();
  const table = page.getByRole("table", { name: /Corrections per intake fact/ });
  await expect(page.getByRole("heading", { name: "Corrections by reviewers" })).toBeVisible();
  await expect(page.getByText("1 correction on 1 of 1 cases")).toBeVisible();
  const row = table.getByRole("row", { name: /Service code \(CPT\/HCPCS\)/ });
  await expect(row.getByRole("cell")).toHaveText(["1", "1", "100%"]);
  await expect(table.getByRole("row", { name: /Patient name/ }).getByRole("cell")).toHaveText(["0", "0", "0%"]);
});
