// Issue 22's "Done means", walked as a utilization-management nurse on cases made from documents this project did not
// write (the policy-families corpus: other authors' request forms, clinic notes and payers' policy PDFs):
//   101-nuedexta_b (deny type): pended on a score read from the note's table; a specialty correction; a denial;
//   111-stimulants_a (clean): pended because the patient's name is unread (the notice preview refuses); the name
//     corrected from the form's words turns the case into the engine's approval, under the workspace's rule;
//   202-sumatriptan_b (deny type): pended on its quantity limit; the quantity corrected by phone changes the engine's
//     recommendation from denial to approval; an approval.
// The nurse opens each pended case at 1280 and 390 px, sees at the top why it is pended, checks a step against the cells
// marked on the page, corrects a fact, previews the notice and decides; nothing scrolls sideways, and the header, the
// stepper, the main button, the history and the action message agree at every moment (watchOneState observes every
// change of the page). Screenshots of those moments go to docs/screenshots (the window only: small PNGs for the note).
import { expect, test, type APIRequestContext, type Locator, type Page } from "@playwright/test";
import { createTestWorkspace } from "../support/workspace";
import { logIn } from "../support/portal";
import { overflowing, screenshotsAtBothWidths, stage, watchOneState } from "../support/case-screen";
import { corpusPresent, createCorpusCase, uploadCorpusPolicy } from "../support/corpus-cases";
import { apiClient } from "../support/api";
import { signInRequest } from "../support/session";

const CASE = "101-nuedexta_b";
const WIDTHS = [1280, 390] as const;
const SHOTS = { dir: "docs/screenshots" };

test.skip(!corpusPresent(), "the policy-families corpus is not on this machine (PA_CORPUS_DIR)");

async function atWidth(page: Page, width: number) {
  await page.setViewportSize({ width, height: width === 390 ? 844 : 800 });
}

/** What one state looks like everywhere on the page: header status, stepper, main action, decision history. */
interface OneState { status: string; stageLabel: string; stageText: RegExp | string; mainButton: string; history: number }

async function expectOneState(page: Page, want: OneState) {
  const bar = page.getByTestId("case-action-bar");
  await expect(page.getByTestId("case-status")).toHaveText(want.status);
  await expect(stage(page, want.stageLabel)).toContainText(want.stageText);
  await expect(bar.getByRole("button", { name: want.mainButton, exact: true })).toBeVisible();
  const decision = page.getByRole("region", { name: "Decision", exact: true });
  if (want.history === 0) await expect(decision.getByText("No decision recorded yet.")).toBeVisible();
  else await expect(decision.getByRole("list", { name: "Decision history" }).getByRole("listitem")).toHaveCount(want.history);
  expect(await overflowing(page)).toEqual([]);
}

/**
 * Right after "Record decision": the header turns, and in that same moment the stepper, the main action and the history
 * have turned too, and no message still says what the case was before (a correction's "re-evaluated: pending review").
 */
async function expectDecidedAtOnce(page: Page, status: "Approved" | "Denied") {
  await expect(page.getByTestId("case-status")).toHaveText(status);
  await expect(page.getByTestId("case-message")).not.toContainText("re-evaluated");
  await expect(stage(page, "Decided")).toContainText(`${status} by`);
  await expect(page.getByTestId("case-action-bar").getByRole("button", { name: "Change the decision", exact: true })).toBeVisible();
}

/** A correction through the case page's form, from a document's words or stated by phone. */
async function correct(page: Page, fact: string, fill: (form: Locator) => Promise<void>, source: { document: string; words: string } | "Stated by phone", why?: string) {
  const form = page.getByRole("region", { name: "Corrections" }).getByRole("form", { name: "Correct a fact" });
  await form.getByLabel("Fact to correct").selectOption({ label: fact });
  await fill(form);
  if (source === "Stated by phone") await form.getByRole("radio", { name: "Stated by phone" }).check();
  else {
    await form.getByRole("radio", { name: "A document of the case" }).check();
    await form.getByLabel("Document", { exact: true }).selectOption({ label: source.document });
    await form.getByRole("spinbutton", { name: "Page" }).fill("1");
    await form.getByLabel("Words on that page that state the value").fill(source.words);
  }
  if (why) await form.getByLabel(/^Why it is corrected/).fill(why);
  await form.getByRole("button", { name: "Save correction and re-evaluate" }).click();
}

/** Creates the workspace (its engine evaluates ready cases), uploads the policy and the case, and waits for the pend. */
async function pendedCorpusCase(request: APIRequestContext, name: string, label: string) {
  const ws = await createTestWorkspace(label, { autoEvaluate: true });
  await uploadCorpusPolicy(request, ws.apiKey, name);
  const created = await createCorpusCase(request, ws.apiKey, name);
  const api = apiClient(request, ws.apiKey);
  await expect.poll(async () => (await api.getJson(created.id)).status, { timeout: 240_000, intervals: [1000] }).toBe("pending_review");
  const checks = await (await request.get(`/api/v1/prior_auths/${created.id}/policy_checks`, { headers: api.headers })).json();
  return { ws, created, api, steps: checks.data[0].policy_check as { step: number; outcome: string; question_or_action: string; evidence?: { quote?: string; page?: number | null }[] }[] };
}

/** Why the case waits, at the top of the first screen at both widths, before the stepper; nothing scrolls sideways. */
async function expectWhyFirst(page: Page, reasons: Locator, want: OneState) {
  for (const width of WIDTHS) {
    await atWidth(page, width);
    await page.evaluate(() => window.scrollTo(0, 0));
    await expect(reasons).toBeInViewport();
    expect((await reasons.boundingBox())!.y).toBeLessThan((await page.getByRole("list", { name: "Case progress" }).boundingBox())!.y);
    await expectOneState(page, want);
  }
}

/** The value a notice letter prints beside one of its labels ("Policy"). */
const letterValue = (letter: Locator, label: string) => letter.locator("dt", { hasText: new RegExp(`^${label}:$`) }).locator("xpath=following-sibling::dd[1]");

const atTop = (page: Page, target: Locator) => async () => {
  await page.evaluate(() => window.scrollTo(0, 0));
  await expect(target).toBeInViewport();
};

test(`a nurse walks a pended corpus case (${CASE}): why first, a table step marked, a correction, the notice preview, the decision`, async ({ page, request }) => {
  test.setTimeout(360_000);
  const ws = await createTestWorkspace("Corpus walk", { autoEvaluate: true });
  await uploadCorpusPolicy(request, ws.apiKey, CASE);
  const created = await createCorpusCase(request, ws.apiKey, CASE);
  const api = apiClient(request, ws.apiKey);
  // Read and evaluated in the background (the workspace evaluates ready cases): pended for a person.
  await expect.poll(async () => (await api.getJson(created.id)).status, { timeout: 240_000, intervals: [1000] }).toBe("pending_review");
  const checks = await (await request.get(`/api/v1/prior_auths/${created.id}/policy_checks`, { headers: api.headers })).json();
  const steps = checks.data[0].policy_check as { step: number; outcome: string; question_or_action: string; evidence?: { quote?: string; page?: number | null }[] }[];
  const tableStep = steps.find((s) => (s.evidence ?? []).some((e) => e.quote?.includes("CNS-LS")));
  expect(tableStep, `a step quotes the note's scales table: ${JSON.stringify(steps.map((s) => [s.step, s.outcome, s.evidence?.map((e) => e.quote)]))}`).toBeTruthy();

  await logIn(page, ws.adminEmail, ws.adminPassword);
  await page.goto(`/cases/${created.id}`);
  const header = page.getByTestId("case-header");
  const reasons = page.getByRole("region", { name: "Why this case waits for a person" });
  const pended: OneState = { status: "Pending review", stageLabel: "Decision", stageText: "Waiting for a reviewer", mainButton: "Decide", history: 0 };
  const disagreements = await watchOneState(page);

  // 1. Why it is pended, at the top of the first screen, at both widths; the engine's view worded as a recommendation.
  for (const width of WIDTHS) {
    await atWidth(page, width);
    await page.evaluate(() => window.scrollTo(0, 0));
    await expect(header).toContainText("Harold J. Mensah");
    await expect(header).toContainText(/Nuedexta/i);
    await expect(reasons).toBeInViewport();
    expect((await reasons.boundingBox())!.y).toBeLessThan((await page.getByRole("list", { name: "Case progress" }).boundingBox())!.y);
    await expect(reasons).toContainText(/The engine recommends (denial|approval)[^.]*; a person decides\./);
    await expect(reasons).not.toContainText("Engine: Denied");
    await expectOneState(page, pended);
  }
  await screenshotsAtBothWidths(page, "corpus-pended-top", async () => {
    await page.evaluate(() => window.scrollTo(0, 0));
    await expect(reasons).toBeInViewport();
  }, SHOTS);

  // 2. The step answered from the note's table: the row under its headers (never cells joined by "|"), marked on the page.
  await atWidth(page, 1280);
  // The action bar names the policy without a title the reader cut inside a parenthesis ("Nuedexta® (dextromethorphan").
  const policyTitle = page.getByTestId("case-policy-title");
  await expect(policyTitle).toHaveText(/Nuedexta/i);
  await expect(policyTitle).not.toHaveText(/\([^)]*$/);
  const check = page.getByRole("region", { name: "Policy check" });
  await check.getByRole("list", { name: "Steps at a glance" }).getByRole("button", { name: new RegExp(`^Step ${tableStep!.step}: `) }).click();
  const row = check.getByRole("table", { name: new RegExp(`^Step ${tableStep!.step} evidence: a table row`) });
  await expect(row.getByRole("columnheader")).toHaveText(["Scale", "Score", "Comment"]);
  await expect(row.getByRole("cell")).toHaveText([/^CNS-LS/, "12", /labile subscale 7/]);
  await expect(check).not.toContainText("CNS-LS (Center for Neurologic Study-Lability Scale) |");
  const viewer = page.getByRole("region", { name: "Documents" });
  const placement = viewer.getByTestId("evidence-placement");
  await expect(placement).toContainText(`Step ${tableStep!.step} evidence — marked on the page`, { timeout: 30_000 });
  await expect(viewer.getByTestId("page-highlight").first()).toBeVisible({ timeout: 30_000 });
  await expectOneState(page, pended);
  await screenshotsAtBothWidths(page, "corpus-table-step", async () => {
    await viewer.getByTestId("page-highlight").first().scrollIntoViewIfNeeded();
    await expect(viewer.getByTestId("page-highlight").first()).toBeInViewport();
  }, SHOTS);
  await atWidth(page, 1280);

  // 3. A fact the reader did not take from the documents as the nurse reads them: the prescriber's specialty, from the note's words.
  const corrections = page.getByRole("region", { name: "Corrections" });
  const form = corrections.getByRole("form", { name: "Correct a fact" });
  await form.getByLabel("Fact to correct").selectOption({ label: "Specialty" });
  await form.getByRole("combobox", { name: /Specialty/ }).fill("vascular neurology");
  await page.getByRole("option", { name: /Vascular Neurology/i }).first().click();
  await form.getByRole("radio", { name: "A document of the case" }).check();
  await form.getByLabel("Document", { exact: true }).selectOption({ label: "progress_note_2025-09-16.pdf" });
  await form.getByRole("spinbutton", { name: "Page" }).fill("1");
  await form.getByLabel("Words on that page that state the value").fill("Beatriz Okafor, DO (Vascular Neurology)");
  await form.getByRole("button", { name: "Save correction and re-evaluate" }).click();
  await expect(page.getByRole("status").filter({ hasText: /^Specialty corrected\. The case was re-evaluated/ })).toBeVisible({ timeout: 60_000 });
  await expect(corrections.getByRole("list", { name: "Corrected facts" })).toContainText("Vascular Neurology");
  await expect(corrections.getByRole("list", { name: "Corrected facts" })).toContainText('Source: "Beatriz Okafor, DO (Vascular Neurology)" (page 1)');
  await expectOneState(page, pended);

  // 4. The notice preview: what a denial would send, naming the patient and drug read, the unmet criterion's finding by column.
  const decision = page.getByRole("region", { name: "Decision", exact: true });
  await page.getByTestId("case-action-bar").getByRole("button", { name: "Decide", exact: true }).click();
  await decision.getByRole("radio", { name: /Deny/ }).check();
  await decision.getByLabel(/^Note/).fill("CNS-LS 12 on 09/16/2025: below the policy's threshold.");
  const preview = page.getByRole("region", { name: "Notice preview" });
  const letter = preview.getByTestId("notice-letter");
  await expect(letter).toContainText("Notice of denial");
  await expect(letter).toContainText(/Patient:\s*Harold J\. Mensah/);
  await expect(letter).toContainText(/Drug:\s*Nuedexta/i);
  await expect(letter).not.toContainText(" | ");
  // The policy named once, never a cut title repeated ("Nuedexta® (dextromethorphan, Nuedexta® (dextromethorphan").
  await expect(letterValue(letter, "Policy")).not.toContainText(/\(dextromethorphan,/);
  await expect(letterValue(letter, "Policy")).not.toHaveText(/\([^)]*$/);
  await expect(preview.getByRole("alert")).toHaveCount(0);
  for (const width of WIDTHS) {
    await atWidth(page, width);
    expect(await overflowing(page)).toEqual([]);
  }
  await screenshotsAtBothWidths(page, "corpus-notice-preview", async () => {
    await letter.scrollIntoViewIfNeeded();
    await expect(letter).toBeInViewport();
  }, SHOTS);
  await atWidth(page, 1280);

  // 5. The decision: header, stepper, main action, history and message move together.
  await decision.getByRole("button", { name: "Record decision" }).click();
  await expectDecidedAtOnce(page, "Denied");
  const decided: OneState = { status: "Denied", stageLabel: "Decided", stageText: `Denied by ${ws.adminEmail}`, mainButton: "Change the decision", history: 1 };
  for (const width of WIDTHS) {
    await atWidth(page, width);
    await expectOneState(page, decided);
    await expect(page.getByTestId("case-standing")).toContainText(`Denied by ${ws.adminEmail} on`);
    await expect(reasons).toHaveCount(0);
  }
  await expect(decision.getByRole("list", { name: "Decision history" }).getByRole("listitem").first()).toContainText(/the engine recommended (denial|approval)/);
  await expect(page.getByRole("region", { name: "Notices" })).toContainText("Notice of denial");
  await screenshotsAtBothWidths(page, "corpus-decided", async () => {
    await page.evaluate(() => window.scrollTo(0, 0));
    await expect(page.getByTestId("case-status")).toHaveText("Denied");
  }, SHOTS);
  expect(await disagreements()).toEqual([]);
});

test("a clean corpus case (111-stimulants_a) pended on an unread name: a trial checked against its marked cells, the notice refused until the name is corrected from the form's words, then the engine's approval stands", async ({ page, request }) => {
  test.setTimeout(360_000);
  const { ws, created, api, steps } = await pendedCorpusCase(request, "111-stimulants_a", "Corpus walk stimulants");
  const trialStep = steps.find((s) => s.outcome === "met" && (s.evidence ?? []).some((e) => /methylphenidate ER/i.test(e.quote ?? "")));
  expect(trialStep, JSON.stringify(steps.map((s) => [s.step, s.outcome, s.evidence?.map((e) => e.quote)]))).toBeTruthy();

  await logIn(page, ws.adminEmail, ws.adminPassword);
  await page.goto(`/cases/${created.id}`);
  const header = page.getByTestId("case-header");
  const reasons = page.getByRole("region", { name: "Why this case waits for a person" });
  const pended: OneState = { status: "Pending review", stageLabel: "Decision", stageText: "Waiting for a reviewer", mainButton: "Decide", history: 0 };
  const disagreements = await watchOneState(page);

  // 1. Why it is pended, first: every criterion is met, but the patient's name was not read, so no notice may go out.
  await expect(header).toContainText("Patient not read yet");
  await expect(reasons).toContainText(/Unread:\s*The patient's name was not read from the documents/);
  await expect(reasons).toContainText("The engine recommends approval; a person decides.");
  await expectWhyFirst(page, reasons, pended);
  await screenshotsAtBothWidths(page, "corpus-stimulants-before", atTop(page, reasons), SHOTS);

  // 2. A preferred trial checked against the cells marked on the page.
  await atWidth(page, 1280);
  const check = page.getByRole("region", { name: "Policy check" });
  await check.getByRole("list", { name: "Steps at a glance" }).getByRole("button", { name: new RegExp(`^Step ${trialStep!.step}: `) }).click();
  const viewer = page.getByRole("region", { name: "Documents" });
  await expect(viewer.getByTestId("evidence-placement")).toContainText(`Step ${trialStep!.step} evidence — marked on the page`, { timeout: 30_000 });
  await expect(viewer.getByTestId("page-highlight").first()).toBeVisible({ timeout: 30_000 });
  await screenshotsAtBothWidths(page, "corpus-stimulants-table-step", async () => {
    await viewer.getByTestId("page-highlight").first().scrollIntoViewIfNeeded();
    await expect(viewer.getByTestId("page-highlight").first()).toBeInViewport();
  }, SHOTS);
  await atWidth(page, 1280);

  // 3. The notice preview refuses while the name is unread.
  await page.getByTestId("case-action-bar").getByRole("button", { name: "Decide", exact: true }).click();
  const decision = page.getByRole("form", { name: "Record a decision" });
  await decision.getByRole("radio", { name: /Approve/ }).check();
  const preview = page.getByRole("region", { name: "Notice preview" });
  await expect(preview.getByRole("alert")).toContainText("This notice cannot be sent yet");
  await expect(preview.getByRole("alert")).toContainText("correct the patient name first");

  // 4. The name, from the form's own words: re-evaluated at once, the engine's approval now stands under the workspace's
  //    rule, and the page turns to it all at once.
  await correct(page, "Patient name", async (form) => {
    await form.getByLabel("Given names").fill("Mateo R");
    await form.getByLabel("Family name").fill("Villanueva");
  }, { document: "01_RMAP_PA_form_Azstarys.pdf", words: "VILLANUEVA, MATEO R" });
  await expect(page.getByTestId("case-message")).toHaveText("Patient name corrected. The case was re-evaluated: approved.", { timeout: 60_000 });
  const byEngine: OneState = { status: "Approved", stageLabel: "Decided", stageText: "Approved by the engine", mainButton: "Change the decision", history: 1 };
  for (const width of WIDTHS) {
    await atWidth(page, width);
    await expect(header).toContainText("Mateo R Villanueva");
    await expectOneState(page, byEngine);
    await expect(page.getByTestId("case-standing")).toContainText("Approved by the engine");
    await expect(page.getByTestId("case-standing")).toContainText("Engine approvals are final");
    await expect(reasons).toHaveCount(0);
  }
  await expect(page.getByRole("region", { name: "Notices" })).toContainText("Notice of approval");
  await screenshotsAtBothWidths(page, "corpus-stimulants-after", async () => {
    await page.evaluate(() => window.scrollTo(0, 0));
    await expect(page.getByTestId("case-standing")).toBeInViewport();
  }, SHOTS);
  // The notice sent names the corrected patient, the member ID intake read, and the policy once.
  const notices = (await (await request.get(`/api/v1/prior_auths/${created.id}/notices`, { headers: api.headers })).json()).data;
  expect(notices).toHaveLength(1);
  expect(notices[0].content.patient).toMatchObject({ name: "Mateo R Villanueva", memberId: "401196450" });
  expect(notices[0].content.decision).toMatch(/is approved under STIMULANTS AND RELATED AGENTS \(ADHD\)\.$/);
  expect(await disagreements()).toEqual([]);
});

test("a deny-type corpus case (202-sumatriptan_b): the quantity over the limit pends it; corrected by phone, the engine now recommends approval; the notice previewed, approved", async ({ page, request, playwright, baseURL }) => {
  test.setTimeout(360_000);
  const { ws, created } = await pendedCorpusCase(request, "202-sumatriptan_b", "Corpus walk sumatriptan");
  // A person confirms every outcome in this workspace, so the changed recommendation comes to the nurse to decide.
  const admin = await playwright.request.newContext({ baseURL, extraHTTPHeaders: { Origin: String(baseURL) } });
  await signInRequest(admin, ws.adminEmail, ws.adminPassword);
  expect((await admin.patch("/api/v1/workspace", { data: { engine_approvals_final: false } })).status()).toBe(200);
  await admin.dispose();

  await logIn(page, ws.adminEmail, ws.adminPassword);
  await page.goto(`/cases/${created.id}`);
  const reasons = page.getByRole("region", { name: "Why this case waits for a person" });
  const pended: OneState = { status: "Pending review", stageLabel: "Decision", stageText: "Waiting for a reviewer", mainButton: "Decide", history: 0 };
  const disagreements = await watchOneState(page);

  // 1. Why: the quantity limit, not met; the engine's view worded as advice.
  await expect(reasons).toContainText(/Not met:\s*Is the requested quantity within 9 units per 30 days\?/);
  await expect(reasons).toContainText("The engine recommends denial; a person decides.");
  await expectWhyFirst(page, reasons, pended);
  await screenshotsAtBothWidths(page, "corpus-sumatriptan-before", atTop(page, reasons), SHOTS);
  await atWidth(page, 1280);

  // 2. The office states by phone that the request is 9 tablets for 30 days: re-evaluated at once, the limit is met.
  await correct(page, "Quantity", async (form) => {
    await form.getByLabel("Quantity", { exact: true }).fill("9");
    await form.getByLabel("Unit (optional)").fill("tablets");
  }, "Stated by phone", "The prescriber's office lowered the request to 9 tablets per 30 days (M. Ortiz, MA).");
  await expect(page.getByTestId("case-message")).toHaveText("Quantity corrected. The case was re-evaluated: pending review. The engine recommends approval; a person decides.", { timeout: 60_000 });
  await expect(page.getByTestId("case-standing")).toContainText("The engine recommends approval");
  await expect(page.getByTestId("case-standing")).not.toContainText("Not met");
  await expect(stage(page, "Determination")).toContainText("Recommends approval");
  await expectOneState(page, pended);
  await screenshotsAtBothWidths(page, "corpus-sumatriptan-after", async () => {
    await page.evaluate(() => window.scrollTo(0, 0));
    await expect(page.getByTestId("case-standing")).toBeInViewport();
  }, SHOTS);
  await atWidth(page, 1280);

  // 3. The notice: the corrected quantity, the member ID, the policy once.
  await page.getByTestId("case-action-bar").getByRole("button", { name: "Decide", exact: true }).click();
  const decision = page.getByRole("form", { name: "Record a decision" });
  await decision.getByRole("radio", { name: /Approve/ }).check();
  await decision.getByLabel(/^Note/).fill("Quantity lowered to the plan's limit by the prescriber's office.");
  const preview = page.getByRole("region", { name: "Notice preview" });
  const letter = preview.getByTestId("notice-letter");
  await expect(letter).toContainText(/Patient:\s*Rosalind T\. Achterberg/);
  await expect(letter).toContainText(/Member ID:\s*MAP7730988104/);
  await expect(letter).toContainText(/Quantity:\s*9 tablets, 30 days supply/);
  await expect(letterValue(letter, "Policy")).toHaveText("Meridian Advantage Plan of Michigan (HMO SNP): sumatriptan 50 mg oral tablet");
  await expect(preview.getByRole("alert")).toHaveCount(0);
  await screenshotsAtBothWidths(page, "corpus-sumatriptan-notice-preview", async () => {
    await letter.scrollIntoViewIfNeeded();
    await expect(letter).toBeInViewport();
  }, SHOTS);
  await atWidth(page, 1280);

  await decision.getByRole("button", { name: "Record decision" }).click();
  await expectDecidedAtOnce(page, "Approved");
  await expectOneState(page, { status: "Approved", stageLabel: "Decided", stageText: `Approved by ${ws.adminEmail}`, mainButton: "Change the decision", history: 1 });
  await expect(page.getByRole("region", { name: "Decision", exact: true }).getByRole("list", { name: "Decision history" }).getByRole("listitem").first()).toContainText("the engine recommended approval");
  expect(await disagreements()).toEqual([]);
});
