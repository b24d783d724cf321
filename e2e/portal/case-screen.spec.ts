// Issue 22 in Chromium, as a nurse sees it at 1280 and 390 px: one state of the case shown one way (the header, the
// stepper, the main action and the decision history agree, whoever decided), a pended case that leads with its
// reasons, and the sign-in lock's end.
import { expect, test, type Locator, type Page } from "@playwright/test";
import { createTestWorkspace, type TestWorkspace } from "../support/workspace";
import { logIn } from "../support/portal";
import { engineApprovedCase, pendedCase, screenshotsAtBothWidths } from "../support/case-screen";

const WIDTHS = [1280, 390] as const;
const RULE = "every criterion of the requested drug's policy met with cited evidence, none for clinician judgement, one patient identity";

let approvedWs: TestWorkspace;
let pendedWs: TestWorkspace;

test.beforeAll(async () => {
  [approvedWs, pendedWs] = await Promise.all([createTestWorkspace("EngineFinal"), createTestWorkspace("Pended")]);
});

async function atWidth(page: Page, width: number) {
  await page.setViewportSize({ width, height: width === 390 ? 844 : 800 });
}

/** Elements reaching past the window's right edge (nothing on the case page scrolls sideways). */
const overflowing = (page: Page) =>
  page.locator("body").evaluate((body) =>
    [...body.querySelectorAll("*")]
      .filter((el) => el.getBoundingClientRect().right > window.innerWidth + 1 && !el.closest("[role=region][tabindex], pre, canvas"))
      .map((el) => `${el.tagName.toLowerCase()}.${el.className}`.slice(0, 100)));

const stage = (page: Page, label: string): Locator => page.getByRole("list", { name: "Case progress" }).getByRole("listitem").filter({ hasText: label });

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

  // A reviewer decides: the header, the stepper, the action bar and the history move together.
  const decision = page.getByRole("region", { name: "Decision", exact: true });
  await bar.getByRole("button", { name: "Decide", exact: true }).click();
  await decision.getByRole("radio", { name: /Deny/ }).check();
  await decision.getByLabel(/^Note/).fill("Under 18: the adult policy does not cover this patient.");
  await decision.getByRole("button", { name: "Record decision" }).click();
  await expect(page.getByTestId("case-status")).toHaveText("Denied");
  await expect(page.getByTestId("case-standing")).toContainText(`Denied by ${pendedWs.adminEmail} on`);
  await expect(stage(page, "Decided")).toContainText(`Denied by ${pendedWs.adminEmail}`);
  await expect(bar).toContainText(`by ${pendedWs.adminEmail}`);
  await expect(bar.getByRole("button", { name: "Change the decision" })).toBeVisible();
  await expect(reasons).toHaveCount(0);
  const history = decision.getByRole("list", { name: "Decision history" }).getByRole("listitem");
  await expect(history).toHaveCount(1);
  await expect(history.first()).toContainText("the engine recommended denial");
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
