// Issue 22's "Done means", walked as a utilization-management nurse on a case made from documents this project did not
// write (the policy-families corpus: another author's request form and clinic note, a real payer's policy PDF). The
// nurse opens the pended case at 1280 and 390 px, sees at the top why it is pended, checks the step answered from the
// note's table (its row under its headers, marked on the page), corrects a fact, previews the notice and decides;
// nothing scrolls sideways, and the header, the stepper, the main button and the history agree at every moment.
// Screenshots of those moments go to docs/screenshots (the window only: small PNGs for the note).
import { expect, test, type Page } from "@playwright/test";
import { createTestWorkspace } from "../support/workspace";
import { logIn } from "../support/portal";
import { overflowing, screenshotsAtBothWidths, stage } from "../support/case-screen";
import { corpusPresent, createCorpusCase, uploadCorpusPolicy } from "../support/corpus-cases";
import { apiClient } from "../support/api";

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

  // 5. The decision: header, stepper, main action and history move together.
  await decision.getByRole("button", { name: "Record decision" }).click();
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
});
