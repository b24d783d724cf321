import { expect, test, type Page } from "@playwright/test";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { addReviewer, createTestWorkspace, type TestWorkspace } from "../support/workspace";
import { keepScreenshot, logIn } from "../support/portal";
import { apiClient, waitForFinal } from "../support/api";
import { imageOnlyPdf, renderPng } from "../../lib/documents/test-fixtures";
import { addClaims, addPolicy, CLINICAL_NOTE, createCase, expectDeterminationShown, expectPolicyCheckShown, formPdf, runFromCasePage, uploadPdf, type RunAnswer } from "../support/cases";
import { send, startDocServer } from "../support/doc-server";
import { fhirBundle, makePdf, PA_FORM_PAGE } from "../support/fixtures";

let a: TestWorkspace;
let b: TestWorkspace;
let pdf: Uint8Array;

test.beforeAll(async ({ request }) => {
  [a, b] = await Promise.all([createTestWorkspace("Cases"), createTestWorkspace("CasesOther")]);
  pdf = await formPdf();
  await addPolicy(request, a.apiKey);
});

const daysAgo = (n: number) => new Date(Date.now() - n * 86400_000).toISOString();
const queueRow = (page: Page, caseId: string) => page.getByRole("row").filter({ has: page.getByRole("link", { name: caseId, exact: true }) });
const squash = (text: string | null) => (text ?? "").replace(/\s+/g, " ").trim().toLowerCase();
const OUTCOME_WORD: Record<string, string> = { met: "Met", not_met: "Not met", missing: "Missing", manual: "Manual" };

/** What the engines answered, kept in the report: the policy parser and evaluator are being rebuilt beside this. */
function note(type: string, answer: RunAnswer) {
  test.info().annotations.push({ type, description: answer.status === 200 ? "200" : `${answer.status}: ${answer.body?.message ?? ""}` });
}

type Step = { step: number; outcome: string; question_or_action: string; policy_guideline_quoted_source: string; rule?: string; evidence: { document_id?: string; quote: string; claim_id?: string }[] };

/** Each step from the strip: it opens with its question, policy quote and evidence; its document evidence is marked. */
async function walkSteps(page: Page, steps: Step[]) {
  const section = page.getByRole("region", { name: "Policy check" });
  const strip = section.getByRole("list", { name: "Steps at a glance" });
  const viewer = page.getByRole("region", { name: "Documents" });
  const claims = page.getByRole("region", { name: "Supporting information" });
  for (const step of steps) {
    const chip = strip.getByRole("button", { name: `Step ${step.step}: ${OUTCOME_WORD[step.outcome]}`, exact: true });
    await chip.click();
    await expect(chip).toHaveAttribute("aria-pressed", "true");
    const opened = section.getByRole("button", { expanded: true });
    await expect(opened).toHaveCount(1);
    await expect(opened).toContainText(step.question_or_action);
    await expect(opened).toContainText(OUTCOME_WORD[step.outcome]);
    const details = section.locator(`#step-${step.step}-details`);
    await expect(details).toBeVisible();
    if (step.policy_guideline_quoted_source) await expect(details.getByText(/^Policy text/)).toBeVisible();
    // The reading rule that classified the criterion, as the API names it.
    if (step.rule) await expect(details.getByText(`Read by rule ${step.rule}`, { exact: true })).toBeVisible();
    const quoted = step.evidence.find((e) => e.document_id);
    if (quoted) await expect.poll(async () => squash(await viewer.getByTestId("evidence-highlight").textContent())).toBe(squash(quoted.quote));
    for (const e of step.evidence.filter((x) => x.claim_id)) {
      await expect(claims.getByRole("row").filter({ hasText: e.claim_id! })).toContainText(`Counted as a trial · step ${step.step}`);
    }
  }
}

test("a reviewer uploads a PDF as a new case, reviews its evidence, decides, and sees it in the timeline and the queue", async ({ page, request }) => {
  test.setTimeout(120_000);
  const reviewer = await addReviewer(a.workspaceId);
  const caseId = `PA-UI-${Date.now()}`;
  // No uncaught errors and no React warnings (hydration, keys) on the way.
  const problems: string[] = [];
  page.on("pageerror", (e) => problems.push(e.message));
  page.on("console", (m) => {
    if (m.type() === "error" && !/Failed to load resource/.test(m.text())) problems.push(m.text());
  });
  await logIn(page, reviewer.email, reviewer.password);

  // New case: case id, expedited, a PDF uploaded with progress; the form waits for processing, then opens the case.
  await page.getByRole("link", { name: "New case" }).click();
  await expect(page.getByRole("heading", { name: "New case" })).toBeVisible();
  await page.getByRole("button", { name: "Create case" }).click();
  await expect(page.getByText("Enter the case id.")).toBeVisible();
  await expect(page.getByText("Choose at least one PDF.")).toBeVisible();
  await page.getByLabel("Case id").fill(caseId);
  await page.getByLabel("Expedited request").check();
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "pa-ui-")), "pa-form.pdf");
  fs.writeFileSync(file, pdf);
  await page.getByLabel(/PDF files/).setInputFiles(file);
  await expect(page.getByRole("list", { name: "Chosen files" })).toContainText("pa-form.pdf");
  await keepScreenshot(page, "case-new");
  await page.getByRole("button", { name: "Create case" }).click();
  await expect(page.getByRole("status").filter({ hasText: /Uploading documents|Creating the case|Reading the documents/ }).first()).toBeVisible();

  await expect(page).toHaveURL(/\/cases\/[0-9a-f-]{36}$/, { timeout: 45_000 });
  const id = page.url().split("/").pop()!;
  const header = page.getByTestId("case-header");
  await expect(page.getByRole("heading", { name: `Case ${caseId}` })).toBeVisible();
  await expect(page.getByTestId("case-status")).toHaveText("Ready for review");
  await expect(header.getByText("Expedited")).toBeVisible();
  await expect(header.getByTestId("sla-clock")).toHaveText(/left$/);

  // Claims arrive through the API while the reviewer works.
  await addClaims(request, a.apiKey, id);
  await page.reload();

  // Intake: a fact opens its page; its quote is marked in the text and on the drawn page (pdf.js in this build).
  const intake = page.getByRole("region", { name: "Intake" });
  await expect(intake.getByRole("button", { name: /Jane Q Doe/ })).toBeVisible();
  await expect(intake.getByText("NPI valid")).toBeVisible();
  await expect(intake.getByText("G40.811")).toBeVisible();
  await intake.getByRole("button", { name: /Jane Q Doe/ }).click();
  const viewer = page.getByRole("region", { name: "Documents" });
  await expect(viewer.getByTestId("evidence-highlight")).toContainText("Jane Q Doe");
  await expect(viewer.getByRole("img", { name: /^Page 1 of pa-form\.pdf$/ })).toBeVisible();
  await expect(viewer.getByTestId("page-highlight").first()).toBeVisible();
  // pdf.js draws in its own worker, bundled from the installed package.
  expect(page.workers().map((w) => w.url()).join(" ")).toMatch(/pdf\.worker|turbopack-worker/);
  await expect(intake.getByRole("button", { name: /Jane Q Doe/ })).toHaveAttribute("aria-pressed", "true");

  // Policy check: each step in order with its outcome in words, its policy quote and its evidence marked; the claims
  // table marks exactly the claims the check cites as trials. A 422/500 is shown calmly in the API's words.
  const check = await runFromCasePage(page, "Run policy check");
  note("policy_check", check);
  if (await expectPolicyCheckShown(page, check)) {
    await walkSteps(page, check.body.policy_check);
    const cited = new Set<string>(check.body.policy_check.flatMap((s: Step) => s.evidence.flatMap((e) => (e.claim_id ? [e.claim_id] : []))));
    const claims = page.getByRole("region", { name: "Supporting information" });
    for (const claimId of ["RX-1001", "MED-2001"]) {
      const row = claims.getByRole("row").filter({ hasText: claimId });
      if (cited.has(claimId)) await expect(row).toContainText("Counted as a trial");
      else await expect(row).not.toContainText("Counted as a trial");
    }
  }
  await expect(page.getByRole("region", { name: "Supporting information" }).getByText("TEST-1")).toBeVisible();

  const determination = await runFromCasePage(page, "Run determination");
  note("determination", determination);
  await expectDeterminationShown(page, determination);

  // Decision: a note is required; the decision shows in the history, the timeline and the queue.
  const decision = page.getByRole("region", { name: "Decision", exact: true });
  await decision.getByRole("radio", { name: /Approve/ }).check();
  await decision.getByRole("button", { name: "Record decision" }).click();
  await expect(decision.getByText("Write a note that says why.")).toBeVisible();
  await decision.getByLabel(/^Note/).fill("Criteria met; clobazam trial documented in claims.");
  await decision.getByRole("button", { name: "Record decision" }).click();
  await expect(decision.getByRole("status").filter({ hasText: "Decision recorded: Approved." })).toBeVisible();
  await expect(decision.getByRole("listitem").filter({ hasText: "Criteria met; clobazam trial documented in claims." })).toContainText(reviewer.email);
  await expect(page.getByTestId("case-status")).toHaveText("Approved");
  await expect(header.getByText(/^Decided /)).toBeVisible();
  const timeline = page.getByRole("list", { name: "Audit timeline" });
  await expect(timeline.getByRole("listitem").filter({ hasText: "Reviewer decided" })).toContainText("Criteria met; clobazam trial documented in claims.");
  await expect(timeline.getByRole("listitem").filter({ hasText: "Case created" })).toBeVisible();
  await expect(timeline.getByRole("listitem").filter({ hasText: "Document attached" })).toContainText("pa-form.pdf · 2 pages");
  await page.getByRole("region", { name: "Policy check" }).scrollIntoViewIfNeeded();
  await keepScreenshot(page, "case-page");

  // Back in the queue: decided work has left the open view and is under Decided, with who decided.
  await page.getByRole("link", { name: "← Cases" }).first().click();
  await expect(queueRow(page, caseId)).toHaveCount(0);
  await page.getByRole("button", { name: /^Decided/ }).click();
  await expect(queueRow(page, caseId)).toContainText("Approved");
  await expect(queueRow(page, caseId)).toContainText(`By ${reviewer.email}`);
  expect(problems).toEqual([]);
});

test("a scanned fax: evidence is marked on the page image from the recognised words, with the page's confidence", async ({ page, request }) => {
  test.setTimeout(120_000);
  // Page 1 upright, page 2 the same form upside down (read turned 180 degrees).
  const form = await makePdf([PA_FORM_PAGE]);
  const fax = await imageOnlyPdf([{ png: await renderPng(form, 200 / 72) }, { png: await renderPng(form, 200 / 72), rotate: 180 }]);
  const uploaded = await uploadPdf(request, a.apiKey, fax, "fax.pdf");
  const created = await createCase(request, a.apiKey, { caseId: `PA-FAX-${Date.now()}`, documentUrl: uploaded.document_url });
  expect((await waitForFinal(apiClient(request, a.apiKey), created.id, 90_000)).status).not.toBe("Failed");

  await logIn(page, a.adminEmail, a.adminPassword);
  await page.goto(`/cases/${created.id}`);
  const intake = page.getByRole("region", { name: "Intake" });
  await intake.getByRole("button", { name: /Jane Q Doe/ }).click();
  const viewer = page.getByRole("region", { name: "Documents" });
  await expect(viewer.getByRole("img", { name: /^Page 1 of fax\.pdf$/ })).toBeVisible({ timeout: 20_000 });
  await expect(viewer.getByText(/Scanned page: its text was recognised from the image \(confidence \d+\)/)).toBeVisible();
  const boxes = viewer.getByTestId("page-highlight");
  await expect(boxes.first()).toBeVisible();
  // The marks sit where the name is on the drawn page: the upper part of an upright page.
  const canvas = await viewer.getByRole("img", { name: /^Page 1 of fax\.pdf$/ }).boundingBox();
  const mark = await boxes.first().boundingBox();
  expect(mark!.y).toBeLessThan(canvas!.y + canvas!.height / 2);

  // The upside-down page: read turned 180 degrees, its marks in the lower half of the page as drawn.
  await viewer.getByRole("button", { name: "Page 2" }).click();
  await expect(viewer.getByText(/read turned 180°/)).toBeVisible({ timeout: 20_000 });
  await keepScreenshot(page, "case-scanned-fax");

  // A photographed form sent as a PNG: drawn as it is, the quote marked from the recognised words.
  const png = await renderPng(form, 150 / 72);
  const image = await request.post("/api/v1/documents", { headers: { "X-API-Key": a.apiKey, "Content-Type": "image/png", "X-File-Name": "form.png" }, data: png });
  expect(image.status(), await image.text()).toBe(201);
  const fromImage = await createCase(request, a.apiKey, { caseId: `PA-PNG-${Date.now()}`, documentUrl: (await image.json()).document_url });
  expect((await waitForFinal(apiClient(request, a.apiKey), fromImage.id, 90_000)).status).not.toBe("Failed");
  await page.goto(`/cases/${fromImage.id}`);
  await page.getByRole("region", { name: "Intake" }).getByRole("button", { name: /Jane Q Doe/ }).click();
  await expect(viewer.getByRole("img", { name: "Image form.png" })).toBeVisible({ timeout: 20_000 });
  await expect(viewer.getByText(/Image: its text was recognised \(confidence \d+\)/)).toBeVisible();
  await expect(viewer.getByTestId("page-highlight").first()).toBeVisible();
});

test("the queue: SLA clock and overdue, filters, search, sorting, assign to me, keyboard", async ({ page, request }) => {
  test.setTimeout(90_000);
  const doc = await uploadPdf(request, a.apiKey, pdf);
  const stamp = Date.now();
  const old = await createCase(request, a.apiKey, { caseId: `OLD-${stamp}`, documentUrl: doc.document_url, receivedAt: daysAgo(10) });
  await createCase(request, a.apiKey, { caseId: `NEW-${stamp}`, documentUrl: doc.document_url });
  await logIn(page, a.adminEmail, a.adminPassword);

  // Overdue in red with the word; a recent case counts down.
  const oldRow = queueRow(page, `OLD-${stamp}`);
  await expect(oldRow.getByTestId("sla-clock")).toHaveText(/^Overdue by 3 d/);
  await expect(oldRow.getByTestId("sla-clock")).toHaveClass(/text-red-700/);
  await expect(queueRow(page, `NEW-${stamp}`).getByTestId("sla-clock")).toHaveText(/^6 d 23 h left$|^7 d left$/);
  await expect(oldRow).toContainText("Jane Q Doe");
  await keepScreenshot(page, "cases-queue");

  // Views: open work is the default; a decided view holds neither case; counts are shown beside each view.
  await expect(page.getByRole("button", { name: /^Open/ })).toHaveAttribute("aria-pressed", "true");
  await expect(page.getByTestId("count-open")).toHaveText(/^\d+$/);
  await page.getByRole("button", { name: /^Decided/ }).click();
  await expect(page).toHaveURL(/view=decided/);
  await expect(oldRow).toHaveCount(0);
  await page.getByRole("button", { name: /^Overdue/ }).click();
  await expect(oldRow).toBeVisible();
  await expect(queueRow(page, `NEW-${stamp}`)).toHaveCount(0);
  await page.getByRole("button", { name: /^Open/ }).click();
  await expect(queueRow(page, `NEW-${stamp}`)).toBeVisible();

  await page.getByLabel("Overdue only").check();
  await expect(page).toHaveURL(/overdue=true/);
  await expect(oldRow).toBeVisible();
  await expect(queueRow(page, `NEW-${stamp}`)).toHaveCount(0);
  await page.getByLabel("Overdue only").uncheck();

  await page.getByLabel("Search").fill(`NEW-${stamp}`);
  await expect(queueRow(page, `NEW-${stamp}`)).toBeVisible();
  await expect(oldRow).toHaveCount(0);
  await page.getByLabel("Search").fill("no such case anywhere");
  await expect(page.getByText("No cases match these filters")).toBeVisible();
  await page.getByRole("button", { name: "Clear filters" }).click();
  await expect(oldRow).toBeVisible();

  // Due soonest puts the overdue case above the new one.
  await page.getByLabel("Sort").selectOption("due");
  await expect(page).toHaveURL(/sort=due/);
  await expect.poll(async () => {
    const order = await page.getByRole("row").allTextContents();
    return order.findIndex((t) => t.includes(`OLD-${stamp}`)) < order.findIndex((t) => t.includes(`NEW-${stamp}`));
  }).toBe(true);

  // Assign to me from the row, then filter by assignee.
  await oldRow.getByRole("button", { name: /Assign to me/ }).click();
  await expect(oldRow).toContainText("You");
  await page.getByLabel("Assignee").selectOption("me");
  await expect(oldRow).toBeVisible();
  await expect(queueRow(page, `NEW-${stamp}`)).toHaveCount(0);
  await page.getByLabel("Assignee").selectOption("none");
  await expect(queueRow(page, `NEW-${stamp}`)).toBeVisible();
  await expect(oldRow).toHaveCount(0);

  // Status filter, then the keyboard: the case link opens the case.
  await page.getByLabel("Assignee").selectOption("");
  await page.getByLabel("Status").selectOption("Succeeded");
  await expect(page).toHaveURL(/status=Succeeded/);
  await expect(oldRow).toBeVisible();
  await oldRow.getByRole("link", { name: `OLD-${stamp}` }).focus();
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(new RegExp(`/cases/${old.id}$`));
  await expect(page.getByTestId("case-header").getByTestId("sla-clock")).toHaveText(/^Overdue by/);
  await expect(page.getByTestId("case-header")).toContainText("You");
});

test("the queue refreshes by itself while a case is processing, and stops when none is", async ({ page, request }) => {
  const doc = await uploadPdf(request, a.apiKey, pdf);
  const pa = await createCase(request, a.apiKey, { caseId: `LIVE-${Date.now()}`, documentUrl: doc.document_url });
  await logIn(page, a.adminEmail, a.adminPassword);
  // List answers show the case still processing (as it was a moment ago) until the page has shown it so; later answers
  // are the server's. (Rewriting only the first answer raced the page's own first requests.)
  const lists: number[] = [];
  let showProcessing = true;
  await page.route(/\/api\/v1\/prior_auths\?/, async (route) => {
    const response = await route.fetch();
    const body = await response.json();
    lists.push(Date.now());
    if (showProcessing) body.data = body.data.map((c: { id: string }) => (c.id === pa.id ? { ...c, status: "Processing", intake_status: "Processing" } : c));
    await route.fulfill({ response, json: body });
  });
  await page.goto(`/cases?q=${pa.case_id}`);
  const row = queueRow(page, pa.case_id);
  await expect(row).toContainText("Processing");
  await expect(page.getByText("updating while cases are processing")).toBeVisible();
  showProcessing = false;
  await expect(row).toContainText("Ready for review", { timeout: 10_000 });
  await expect(page.getByText("updating while cases are processing")).toHaveCount(0);
  // Nothing processing: the next refresh is a slow one (30 s), not every 2 s.
  const seen = lists.length;
  await page.waitForTimeout(4_000);
  expect(lists.length).toBe(seen);
});

test("Load more follows next_cursor until the last page", async ({ page, request }) => {
  const doc = await uploadPdf(request, a.apiKey, pdf);
  const stamp = Date.now();
  for (const n of [1, 2, 3]) await createCase(request, a.apiKey, { caseId: `PAGE-${stamp}-${n}`, documentUrl: doc.document_url });
  await logIn(page, a.adminEmail, a.adminPassword);
  // Pages of 2 instead of 25, so three cases need two pages.
  const cursors: (string | null)[] = [];
  await page.route(/\/api\/v1\/prior_auths\?/, (route) => {
    const url = new URL(route.request().url());
    url.searchParams.set("limit", "2");
    cursors.push(url.searchParams.get("cursor"));
    return route.continue({ url: url.toString() });
  });
  await page.goto(`/cases?q=PAGE-${stamp}`);
  const rows = page.getByRole("row").filter({ hasText: `PAGE-${stamp}` });
  await expect(rows).toHaveCount(2);
  await expect(page.getByText("2 cases shown")).toBeVisible();
  await page.getByRole("button", { name: "Load more" }).click();
  await expect(rows).toHaveCount(3);
  await expect(page.getByText("3 cases shown")).toBeVisible();
  await expect(page.getByRole("button", { name: "Load more" })).toHaveCount(0);
  expect(await rows.getByRole("link").allTextContents()).toEqual([3, 2, 1].map((n) => `PAGE-${stamp}-${n}`));
  expect(cursors.filter(Boolean).length).toBeGreaterThan(0);
});

test("withdraw asks first, takes a reason, then stops the clock and shows in the timeline", async ({ page, request }) => {
  const doc = await uploadPdf(request, a.apiKey, pdf);
  const pa = await createCase(request, a.apiKey, { caseId: `CANCEL-${Date.now()}`, documentUrl: doc.document_url });
  await logIn(page, a.adminEmail, a.adminPassword);
  // A case ready for review can be withdrawn too; this one waits for information first.
  await page.goto(`/cases/${pa.id}`);
  await expect(page.getByTestId("case-status")).toHaveText("Ready for review");
  await expect(page.getByRole("button", { name: "Cancel case…" })).toBeVisible();
  const asked = await request.post(`/api/v1/prior_auths/${pa.id}/review`, { headers: { "X-API-Key": a.apiKey }, data: { decision: "request_for_information", note: "Chart notes missing." } });
  expect(asked.status()).toBe(201);
  await page.reload();
  await expect(page.getByTestId("case-status")).toHaveText("Info requested");
  await page.getByRole("button", { name: "Cancel case…" }).click();
  const dialog = page.getByRole("dialog", { name: `Cancel case ${pa.case_id}?` });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole("button", { name: "Keep the case" })).toBeFocused();
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId("case-status")).toHaveText("Info requested");

  await page.getByRole("button", { name: "Cancel case…" }).click();
  await dialog.getByLabel("Reason (optional)").fill("The prescriber withdrew the request");
  await dialog.getByRole("button", { name: "Cancel the case" }).click();
  await expect(page.getByTestId("case-status")).toHaveText("Cancelled");
  await expect(page.getByTestId("case-header").getByText("No clock")).toBeVisible();
  await expect(page.getByRole("button", { name: "Run policy check" })).toBeDisabled();
  await expect(page.getByRole("list", { name: "Audit timeline" }).getByRole("listitem").filter({ hasText: "Case cancelled" })).toContainText("Was Info requested · The prescriber withdrew the request");
  await expect(page.getByRole("region", { name: "Decision", exact: true }).getByText("A cancelled case cannot be decided")).toBeVisible();
});

test("a reviewer of workspace B never sees workspace A's cases", async ({ page, request }) => {
  const doc = await uploadPdf(request, a.apiKey, pdf);
  const secret = await createCase(request, a.apiKey, { caseId: `SECRET-A-${Date.now()}`, documentUrl: doc.document_url });
  const reviewerB = await addReviewer(b.workspaceId);
  await logIn(page, reviewerB.email, reviewerB.password);
  await expect(page.getByText("No cases yet")).toBeVisible();
  await page.getByLabel("Search").fill(secret.case_id);
  await expect(page.getByText("No cases match these filters")).toBeVisible();

  await page.goto(`/cases/${secret.id}`);
  await expect(page.getByRole("heading", { name: "Case not found" })).toBeVisible();
  await expect(page.getByText(secret.case_id)).toHaveCount(0);
  await expect(page.getByText("Jane Q Doe")).toHaveCount(0);
  // The document bytes are not reachable either.
  const api = apiClient(request, a.apiKey);
  const [document] = await api.documents(secret.id);
  expect((await page.request.get(`/api/v1/documents/${document.id}/content`)).status()).toBe(404);
  await keepScreenshot(page, "case-not-found");
  await page.getByRole("link", { name: "Back to cases" }).click();
  await expect(page).toHaveURL(/\/cases$/);
});

test("several PDFs become one case: each uploaded with its own progress, sent as ePA document_urls", async ({ page }) => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "pa-ui-"));
  const files = [["request-form.pdf", await makePdf([PA_FORM_PAGE])], ["clinic-note.pdf", await makePdf([CLINICAL_NOTE])]] as const;
  for (const [name, bytes] of files) fs.writeFileSync(path.join(dir, name), bytes);
  await logIn(page, a.adminEmail, a.adminPassword);
  await page.goto("/cases/new");
  const caseId = `TWO-${Date.now()}`;
  await page.getByLabel("Case id").fill(caseId);
  await page.getByLabel(/PDF files/).setInputFiles(files.map(([name]) => path.join(dir, name)));
  await expect(page.getByRole("list", { name: "Chosen files" }).getByRole("listitem")).toHaveCount(2);
  // Remove one, add it back: the list is the reviewer's to edit before sending.
  await page.getByRole("button", { name: "Remove clinic-note.pdf" }).click();
  await expect(page.getByRole("list", { name: "Chosen files" }).getByRole("listitem")).toHaveCount(1);
  await page.getByLabel(/PDF files/).setInputFiles(path.join(dir, "clinic-note.pdf"));

  const uploads: string[] = [];
  page.on("request", (r) => {
    if (r.method() === "POST" && r.url().endsWith("/api/v1/documents")) uploads.push(`${r.headers()["content-type"]} ${decodeURIComponent(r.headers()["x-file-name"] ?? "")}`);
  });
  const [create] = await Promise.all([
    page.waitForRequest((r) => r.method() === "POST" && r.url().endsWith("/api/v1/prior_auths")),
    page.getByRole("button", { name: "Create case" }).click(),
  ]);
  expect(uploads).toEqual(["application/pdf request-form.pdf", "application/pdf clinic-note.pdf"]);
  const body = create.postDataJSON();
  expect(body).toMatchObject({ case_id: caseId, expedited: false, ePA: { document_urls: [expect.stringMatching(/^pa-document:/), expect.stringMatching(/^pa-document:/)] } });
  expect(body.document_url).toBeUndefined();

  await expect(page).toHaveURL(/\/cases\/[0-9a-f-]{36}$/, { timeout: 45_000 });
  const viewer = page.getByRole("region", { name: "Documents" });
  const picker = viewer.getByRole("list", { name: "Documents of this case" });
  await expect(picker.getByRole("button")).toHaveText(["request-form.pdf", "clinic-note.pdf"]);
  await picker.getByRole("button", { name: "clinic-note.pdf" }).click();
  await expect(picker.getByRole("button", { name: "clinic-note.pdf" })).toHaveAttribute("aria-pressed", "true");
  await expect(viewer.getByLabel("Text of clinic-note.pdf, page 1")).toContainText("clobazam 10 mg daily");
});

test("with no active policy for the drug, the checks say so calmly in the API's words", async ({ page, request }) => {
  // Workspace B has no policies: the policy check answers 422 and the page explains it, without raw JSON.
  const doc = await uploadPdf(request, b.apiKey, pdf);
  const pa = await createCase(request, b.apiKey, { caseId: `NOPOLICY-${Date.now()}`, documentUrl: doc.document_url });
  await logIn(page, b.adminEmail, b.adminPassword);
  await page.goto(`/cases/${pa.id}`);
  await expect(page.getByTestId("case-status")).toHaveText("Ready for review");
  const check = await runFromCasePage(page, "Run policy check");
  expect(check.status).toBe(422);
  expect(await expectPolicyCheckShown(page, check)).toBe(false);
  const section = page.getByRole("region", { name: "Policy check" });
  await expect(section.getByRole("status").filter({ hasText: "No active policy matches this drug" })).toContainText(check.body.message);
  const determination = await runFromCasePage(page, "Run determination");
  note("determination without a policy", determination);
  await expectDeterminationShown(page, determination);
  await expect(page.getByTestId("case-status")).toHaveText(determination.status === 200 ? /.+/ : "Ready for review");
  await keepScreenshot(page, "case-no-policy");
});

test("a case from a URL: a FHIR JSON document is shown as text; an address that fails is explained calmly", async ({ page }) => {
  const docs = await startDocServer({ "/bundle.json": send("application/fhir+json", JSON.stringify(fhirBundle())) });
  try {
    await logIn(page, a.adminEmail, a.adminPassword);
    await page.goto("/cases/new");
    await page.getByLabel("Case id").fill(`URL-${Date.now()}`);
    await page.getByRole("radio", { name: "Document URL" }).check();
    await page.getByRole("textbox", { name: "Document URL" }).fill("not a web address");
    await page.getByRole("button", { name: "Create case" }).click();
    await expect(page.getByText("Enter a web address that starts with http:// or https://.")).toBeVisible();
    await page.getByRole("textbox", { name: "Document URL" }).fill(docs.url("/bundle.json"));
    await page.getByRole("button", { name: "Create case" }).click();
    await expect(page).toHaveURL(/\/cases\/[0-9a-f-]{36}$/, { timeout: 45_000 });
    const viewer = page.getByRole("region", { name: "Documents" });
    await expect(viewer.getByLabel(/^Content of /)).toContainText(`"resourceType": "Bundle"`);

    await page.goto("/cases/new");
    const caseId = `BROKEN-${Date.now()}`;
    await page.getByLabel("Case id").fill(caseId);
    await page.getByRole("radio", { name: "Document URL" }).check();
    await page.getByRole("textbox", { name: "Document URL" }).fill(docs.url("/missing.pdf"));
    await page.getByRole("button", { name: "Create case" }).click();
    const failure = page.getByRole("alert").filter({ hasText: "The documents could not be read." });
    await expect(failure).toBeVisible({ timeout: 45_000 });
    await expect(failure).toContainText("404");
    await keepScreenshot(page, "case-new-failed");
    await failure.getByRole("link", { name: "Open the case" }).click();
    await expect(page.getByTestId("case-status")).toHaveText("Failed");
    await expect(page.getByRole("region", { name: "Intake" }).getByText("The intake could not be read")).toBeVisible();
    await expect(page.getByRole("button", { name: "Run policy check" })).toBeDisabled();
    await expect(page.getByTestId("case-header").getByText("No clock")).toBeVisible();
  } finally {
    await docs.close();
  }
});
