// Issue 22 in Chromium, as a nurse sees it at 1280 and 390 px: one state of the case shown one way (the header, the
// stepper, the main action and the decision history agree, whoever decided), a pended case that leads with its
// reasons, quotes from tables shown as rows under their headers and marked cell by cell on the page (text and
// scanned), a quote that cannot be placed on the page saying so, the request-for-information panel (what was asked,
// which document answered it, the clock under the workspace's rule) with nothing overlapping, and the sign-in lock's end.
import { expect, test, type Locator, type Page } from "@playwright/test";
import { createTestWorkspace, type TestWorkspace } from "../support/workspace";
import { logIn } from "../support/portal";
import { addPolicyText, engineApprovedCase, overflowing, pendedCase, rfiCase, SCALES_POLICY, scalesNotePdf, screenshotsAtBothWidths, stage, tableQuoteCase, typedNameCase, watchOneState } from "../support/case-screen";
import { signInRequest } from "../support/session";

const WIDTHS = [1280, 390] as const;
const RULE = "every criterion of the requested drug's policy met with cited evidence, none for clinician judgement, one patient identity";

let approvedWs: TestWorkspace;
let pendedWs: TestWorkspace;
let scalesWs: TestWorkspace;
let rfiWs: TestWorkspace;

test.beforeAll(async ({ request, playwright, baseURL }) => {
  [approvedWs, pendedWs, scalesWs, rfiWs] = await Promise.all([createTestWorkspace("EngineFinal"), createTestWorkspace("Pended"), createTestWorkspace("Scales"), createTestWorkspace("Rfi")]);
  await addPolicyText(request, scalesWs.apiKey, SCALES_POLICY, ["Nuedexta (dextromethorphan-quinidine)"]);
  await addPolicyText(request, rfiWs.apiKey, SCALES_POLICY, ["Nuedexta (dextromethorphan-quinidine)"]);
  // This workspace stops the decision clock while a case waits for information.
  const admin = await playwright.request.newContext({ baseURL, extraHTTPHeaders: { Origin: String(baseURL) } });
  await signInRequest(admin, rfiWs.adminEmail, rfiWs.adminPassword);
  expect((await admin.patch("/api/v1/workspace", { data: { pause_clock_while_waiting: true } })).status()).toBe(200);
  await admin.dispose();
});

/** Pairs of the given elements whose boxes overlap on screen (each a label for a readable failure). */
async function overlaps(items: Locator) {
  const boxes = (await items.evaluateAll((els) => els.map((el) => {
    const r = el.getBoundingClientRect();
    return { label: (el.textContent ?? "").slice(0, 40), left: r.left, right: r.right, top: r.top, bottom: r.bottom };
  }))).filter((b) => b.right > b.left && b.bottom > b.top);
  const found: string[] = [];
  for (let i = 0; i < boxes.length; i++) {
    for (let j = i + 1; j < boxes.length; j++) {
      const a = boxes[i], b = boxes[j];
      if (a.left < b.right - 1 && b.left < a.right - 1 && a.top < b.bottom - 1 && b.top < a.bottom - 1) found.push(`${a.label} / ${b.label}`);
    }
  }
  return found;
}

async function atWidth(page: Page, width: number) {
  await page.setViewportSize({ width, height: width === 390 ? 844 : 800 });
}

test("an engine-approved case shows one decided state: header, stepper, main action and history agree, with the rule", async ({ page, request }) => {
  test.setTimeout(120_000);
  const pa = await engineApprovedCase(request, approvedWs.apiKey);
  await logIn(page, approvedWs.adminEmail, approvedWs.adminPassword);
  await page.goto(`/cases/${pa.id}`);
  const header = page.getByTestId("case-header");
  const bar = page.getByTestId("case-action-bar");
  const decision = page.getByRole("region", { name: "Decision", exact: true });
  for (const width of WIDTHS) {
    await atWidth(page, width);
    await expect(page.getByTestId("case-status")).toHaveText("Approved");
    const standing = header.getByTestId("case-standing");
    await expect(standing).toContainText("Approved by the engine on");
    await expect(standing).toContainText(`under the workspace's rule “Engine approvals are final”: ${RULE}.`);
    await expect(standing).toBeInViewport();
    await expect(stage(page, "Decided")).toContainText("Approved by the engine");
    await expect(page.getByText("Waiting for a reviewer")).toHaveCount(0);
    await expect(bar).toContainText("Approved by the engine");
    await expect(bar.getByRole("button", { name: "Decide", exact: true })).toHaveCount(0);
    await expect(bar.getByRole("button", { name: "Change the decision" })).toBeVisible();
    const history = decision.getByRole("list", { name: "Decision history" }).getByRole("listitem");
    await expect(history).toHaveCount(1);
    await expect(history.first()).toContainText("Approved");
    await expect(history.first()).toContainText("The engine");
    await expect(history.first()).toContainText(`Rule: ${RULE}`);
    await expect(decision.getByText("No decision recorded yet.")).toHaveCount(0);
    expect(await overflowing(page)).toEqual([]);
  }
  await screenshotsAtBothWidths(page, "after-engine-approved");
});

test("a pended case leads with why it is pended; the engine's denial is a recommendation, not a final status", async ({ page, request }) => {
  test.setTimeout(120_000);
  const pa = await pendedCase(request, pendedWs.apiKey);
  const checks = await (await request.get(`/api/v1/prior_auths/${pa.id}/policy_checks`, { headers: { "X-API-Key": pendedWs.apiKey } })).json();
  const unmet = (checks.data[0].policy_check as { step: number; outcome: string; question_or_action: string }[]).filter((s) => s.outcome === "not_met");
  expect(unmet.length).toBeGreaterThan(0);
  await logIn(page, pendedWs.adminEmail, pendedWs.adminPassword);
  await page.goto(`/cases/${pa.id}`);
  const reasons = page.getByRole("region", { name: "Why this case waits for a person" });
  const bar = page.getByTestId("case-action-bar");
  for (const width of WIDTHS) {
    await atWidth(page, width);
    await page.evaluate(() => window.scrollTo(0, 0));
    await expect(page.getByTestId("case-status")).toHaveText("Pending review");
    // At the top: on the first screen, above the case's details and progress.
    await expect(reasons).toBeInViewport();
    expect((await reasons.boundingBox())!.y).toBeLessThan((await page.getByRole("list", { name: "Case progress" }).boundingBox())!.y);
    await expect(reasons).toContainText("Pending review: 1 reason needs a person.");
    await expect(reasons).toContainText("The engine recommends denial; a person decides.");
    for (const s of unmet) await expect(reasons.getByRole("listitem").filter({ hasText: `Step ${s.step} · Not met:` })).toContainText(s.question_or_action);
    await expect(bar).toContainText("The engine recommends denial.");
    await expect(bar).not.toContainText("Denied");
    await expect(bar.getByRole("button", { name: "Decide", exact: true })).toBeVisible();
    await expect(stage(page, "Decision")).toContainText("Waiting for a reviewer");
    await expect(stage(page, "Determination")).toContainText("Recommends denial");
    await expect(page.getByRole("region", { name: "Decision", exact: true }).getByText("No decision recorded yet.")).toBeVisible();
    expect(await overflowing(page)).toEqual([]);
  }
  await screenshotsAtBothWidths(page, "after-pended");

  // A correction just before deciding: its message tells the case as it stands, and it goes in the same moment that state
  // does (never "re-evaluated: pending review" under a header that says Denied). watchOneState sees every change.
  const watched = await watchOneState(page);
  await atWidth(page, 1280);
  const correctForm = page.getByRole("form", { name: "Correct a fact" });
  await correctForm.getByLabel("Fact to correct").selectOption({ label: "Sex" });
  await correctForm.getByLabel("Sex", { exact: true }).selectOption({ label: "Female" });
  await correctForm.getByRole("radio", { name: "Stated by phone" }).check();
  await correctForm.getByRole("button", { name: "Save correction and re-evaluate" }).click();
  const message = page.getByTestId("case-message");
  await expect(message).toHaveText("Sex corrected. The case was re-evaluated: pending review. The engine recommends denial; a person decides.", { timeout: 30_000 });

  // A reviewer decides: the header, the stepper, the action bar, the history and the message move together.
  const decision = page.getByRole("region", { name: "Decision", exact: true });
  await bar.getByRole("button", { name: "Decide", exact: true }).click();
  await decision.getByRole("radio", { name: /Deny/ }).check();
  await decision.getByLabel(/^Note/).fill("Under 18: the adult policy does not cover this patient.");
  await decision.getByRole("button", { name: "Record decision" }).click();
  await expect(page.getByTestId("case-status")).toHaveText("Denied");
  await expect(message).toBeEmpty();
  await expect(page.getByTestId("case-standing")).toContainText(`Denied by ${pendedWs.adminEmail} on`);
  await expect(stage(page, "Decided")).toContainText(`Denied by ${pendedWs.adminEmail}`);
  await expect(bar).toContainText(`by ${pendedWs.adminEmail}`);
  await expect(bar.getByRole("button", { name: "Change the decision" })).toBeVisible();
  await expect(reasons).toHaveCount(0);
  const history = decision.getByRole("list", { name: "Decision history" }).getByRole("listitem");
  await expect(history).toHaveCount(1);
  await expect(history.first()).toContainText("the engine recommended denial");
  expect(await watched()).toEqual([]);
});

/** Step 2 (the CNS-LS score) answered from the table row, shown as the row under its headers and marked cell by cell. */
async function expectTableQuoteMarked(page: Page, fileName: string) {
  const section = page.getByRole("region", { name: "Policy check" });
  await section.getByRole("list", { name: "Steps at a glance" }).getByRole("button", { name: "Step 2: Met" }).click();
  const row = section.getByRole("table", { name: /^Step 2 evidence: a table row, page 2$/ });
  await expect(row.getByRole("columnheader")).toHaveText(["Instrument", "Date", "Score"]);
  await expect(row.getByRole("cell")).toHaveText(["CNS-LS", "08/29/2025", "21"]);
  const viewer = page.getByRole("region", { name: "Documents" });
  await expect(viewer.getByRole("img", { name: `Page 2 of ${fileName}` })).toBeVisible({ timeout: 20_000 });
  const placement = viewer.getByTestId("evidence-placement");
  await expect(placement).toContainText("Step 2 evidence — marked on the page and in its text below.");
  await expect(placement.getByRole("table").getByRole("columnheader")).toHaveText(["Instrument", "Date", "Score"]);
  // One mark per cell, side by side on one row of the drawn page.
  const marks = viewer.getByTestId("page-highlight");
  await expect(marks).toHaveCount(3);
  const boxes = await Promise.all([0, 1, 2].map(async (i) => (await marks.nth(i).boundingBox())!));
  for (const b of boxes.slice(1)) {
    expect(Math.abs(b.y - boxes[0].y)).toBeLessThan(boxes[0].height);
    expect(b.x).toBeGreaterThan(boxes[0].x);
  }
}

test("a quote from a table: its row under the column headers, and each cell marked on the page", async ({ page, request }) => {
  test.setTimeout(120_000);
  const pa = await tableQuoteCase(request, scalesWs.apiKey);
  const step = pa.check.policy_check.find((s: { step: number }) => s.step === 2);
  expect(step).toMatchObject({ outcome: "met", evidence: [expect.objectContaining({ quote: "CNS-LS | 08/29/2025 | 21", page: 2 })] });
  await logIn(page, scalesWs.adminEmail, scalesWs.adminPassword);
  await page.goto(`/cases/${pa.id}`);
  await atWidth(page, 1280);
  await expectTableQuoteMarked(page, "scales.pdf");
  await screenshotsAtBothWidths(page, "after-table-quote", () => expect(page.getByTestId("page-highlight")).toHaveCount(3));
});

test("step answers and the determination's reasoning show a quoted table row under its headers, never cells joined by '|'", async ({ page, request }) => {
  test.setTimeout(120_000);
  const pa = await tableQuoteCase(request, scalesWs.apiKey);
  const step = pa.check.policy_check.find((s: { step: number }) => s.step === 2);
  // What the engine wrote quotes the row with its reader's separators: the screen must not.
  expect(step.answer).toContain("CNS-LS | 08/29/2025 | 21");
  const run = await request.post(`/api/v1/prior_auths/${pa.id}/determination`, { headers: { "X-API-Key": scalesWs.apiKey } });
  expect(run.status(), await run.text()).toBe(200);
  const quoted = ((await run.json()).determination.reasoning as { step: number; description: string }[]).find((r) => r.description.includes("CNS-LS | 08/29/2025 | 21"));
  expect(quoted, "a reasoning line quotes the row").toBeTruthy();
  await logIn(page, scalesWs.adminEmail, scalesWs.adminPassword);
  await page.goto(`/cases/${pa.id}`);
  await atWidth(page, 1280);

  const check = page.getByRole("region", { name: "Policy check" });
  const glance = check.getByRole("list", { name: "Steps at a glance" });
  await glance.getByRole("button", { name: "Step 2: Met" }).click();
  const answer = check.getByRole("table", { name: "Step 2 answer: quoted table row" });
  await expect(answer.getByRole("columnheader")).toHaveText(["Instrument", "Date", "Score"]);
  await expect(answer.getByRole("cell")).toHaveText(["CNS-LS", "08/29/2025", "21"]);
  await expect(check.getByText("[a table row, shown below]").first()).toBeVisible();
  await expect(check).not.toContainText("CNS-LS | 08/29/2025");

  const determination = page.getByRole("region", { name: "Determination" });
  const reasoningRow = determination.getByRole("table", { name: `Reasoning ${quoted!.step}: quoted table row` });
  await expect(reasoningRow.getByRole("columnheader")).toHaveText(["Instrument", "Date", "Score"]);
  await expect(reasoningRow.getByRole("cell")).toHaveText(["CNS-LS", "08/29/2025", "21"]);
  await expect(determination).not.toContainText("CNS-LS | 08/29/2025");
  await screenshotsAtBothWidths(page, "after-reasoning-table-rows", () => expect(reasoningRow).toBeVisible());
});

test("a quote from a table on a scanned page: the same row and headers, the cells marked from the recognised words", async ({ page, request }) => {
  test.setTimeout(240_000);
  const pa = await tableQuoteCase(request, scalesWs.apiKey, { scanned: true });
  const step = pa.check.policy_check.find((s: { step: number }) => s.step === 2);
  expect(step).toMatchObject({ outcome: "met", evidence: [expect.objectContaining({ quote: "CNS-LS | 08/29/2025 | 21", page: 2 })] });
  await logIn(page, scalesWs.adminEmail, scalesWs.adminPassword);
  await page.goto(`/cases/${pa.id}`);
  await atWidth(page, 1280);
  await expectTableQuoteMarked(page, "scales-scan.pdf");
  await expect(page.getByRole("region", { name: "Documents" }).getByText(/Scanned page: its text was recognised from the image/)).toBeVisible();
  await screenshotsAtBothWidths(page, "after-table-quote-scanned", () => expect(page.getByTestId("page-highlight")).toHaveCount(3));
});

test("a quote that cannot be placed on the page image says so, and is marked in the page's text", async ({ page, request }) => {
  test.setTimeout(120_000);
  const pa = await typedNameCase(request, scalesWs.apiKey);
  await logIn(page, scalesWs.adminEmail, scalesWs.adminPassword);
  await page.goto(`/cases/${pa.id}`);
  await atWidth(page, 1280);
  await page.getByRole("region", { name: "Intake" }).getByRole("button", { name: /Jane Q Doe/ }).click();
  const viewer = page.getByRole("region", { name: "Documents" });
  await expect(viewer.getByRole("img", { name: "Page 1 of typed.pdf" })).toBeVisible({ timeout: 20_000 });
  await expect(viewer.getByTestId("evidence-placement")).toContainText("could not be placed on the page image; it is marked in the page’s text below.");
  await expect(viewer.getByTestId("evidence-placement")).not.toContainText("marked on the page and");
  await expect(viewer.getByTestId("page-highlight")).toHaveCount(0);
  await expect(viewer.getByTestId("evidence-highlight")).toHaveText("Jane Q Doe");
  await screenshotsAtBothWidths(page, "after-unplaceable-quote");
});

test("a request for information: what was asked, item by item, the clock paused under the rule, then what each document answered", async ({ page, request }) => {
  test.setTimeout(180_000);
  const pa = await rfiCase(request, rfiWs.apiKey);
  expect(pa.determination.status).toBe("request_for_information");
  await logIn(page, rfiWs.adminEmail, rfiWs.adminPassword);
  await page.goto(`/cases/${pa.id}`);
  const panel = page.getByRole("region", { name: "Request for information", exact: true });
  const asked = panel.getByRole("list", { name: "Information asked for" }).getByRole("listitem");
  for (const width of WIDTHS) {
    await atWidth(page, width);
    await expect(panel).toContainText("Asked by the engine on");
    await expect(asked).toHaveCount(pa.determination.missing_information.length);
    await expect(asked.first()).toContainText(new RegExp(`^Waiting\\s*Step 2: ${pa.determination.missing_information[0].replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}$`));
    const clock = panel.getByTestId("rfi-clock");
    await expect(clock).toContainText("The decision clock is paused: the case waits for the information since");
    await expect(clock).toContainText("Workspace rule: the decision clock pauses while a case waits for information; the time waited is added to the due date.");
    await expect(stage(page, "Decision")).toContainText("Waiting for information");
    await expect(page.getByRole("heading", { name: "Answer the request for information" })).toBeVisible();
    await expect(page.getByText("comes back to review")).toHaveCount(0);
    // Nothing overlaps: the header's fields (the clock's waiting note beside the Assignee), the panel's lines.
    expect(await overlaps(page.getByTestId("case-header").locator("dl > div"))).toEqual([]);
    expect(await overlaps(panel.locator("h2, p, li"))).toEqual([]);
    expect(await overflowing(page)).toEqual([]);
  }
  await screenshotsAtBothWidths(page, "after-rfi");

  // The prescriber's answer arrives; once the policy check reads it, the item is answered from it.
  await atWidth(page, 1280);
  await page.getByLabel("Choose files").setInputFiles({ name: "scales-note.pdf", mimeType: "application/pdf", buffer: Buffer.from(await scalesNotePdf()) });
  await expect(page.getByText("1 document added: the case is read again.")).toBeVisible();
  await expect(page.getByTestId("case-status")).toHaveText("Ready for review", { timeout: 60_000 });
  await expect(asked.first()).toContainText("Not checked yet");
  await page.getByRole("button", { name: "Run policy check" }).click();
  await expect(asked.first()).toContainText(/^Answered\s*Step 2:/, { timeout: 30_000 });
  await expect(asked.first()).toContainText("from scales-note.pdf, page 1");
  const received = panel.getByRole("list", { name: "Documents received since the request" }).getByRole("listitem");
  await expect(received).toHaveText(["scales-note.pdf — matched to step 2 (its evidence answers it)"]);
  await expect(panel.getByTestId("rfi-clock")).toContainText("The decision clock is running: the case is no longer waiting for information.");
  for (const width of WIDTHS) {
    await atWidth(page, width);
    expect(await overlaps(panel.locator("h2, p, li"))).toEqual([]);
  }
  await screenshotsAtBothWidths(page, "after-rfi-answered");
});

test("sign-in says when the lock ends, in the same words for an unknown email and a known one", async ({ page, request }) => {
  const own = await createTestWorkspace("SignInLock");
  const unknown = `nobody-${Date.now()}@nowhere.test`;
  const messages: string[] = [];
  for (const email of [unknown, own.adminEmail]) {
    await page.goto("/login");
    await page.getByLabel("Email").fill(email);
    await page.getByLabel("Password").fill("not-the-password-1");
    await page.getByRole("button", { name: "Sign in" }).click();
    await expect(page.locator("form").getByRole("alert")).toHaveText("The email or password is not right.");
    // Nine more failures (ten in all, the default limit per email), then the lock.
    for (let i = 0; i < 9; i++) {
      const { csrfToken } = await (await request.get("/api/auth/csrf")).json();
      await request.post("/api/auth/callback/credentials", { form: { csrfToken, email, password: "not-the-password-1", json: "true" }, maxRedirects: 0 });
    }
    await page.getByRole("button", { name: "Sign in" }).click();
    const alert = page.locator("form").getByRole("alert");
    await expect(alert).toHaveText(/^Too many failed sign-ins: sign-in is locked until \d{1,2}:\d{2}(\s?[AP]M)? \(in 1[45] minutes\)\.$/);
    messages.push((await alert.textContent())!.replace(/until .+ \(in \d+ minutes\)/, "until T (in N minutes)"));
    if (email === unknown) await screenshotsAtBothWidths(page, "after-sign-in-locked");
  }
  expect(messages[0]).toBe(messages[1]);
});
