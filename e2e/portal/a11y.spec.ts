import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Page } from "@playwright/test";
import { createTestWorkspace, type TestWorkspace } from "../support/workspace";
import { keepScreenshot, logIn } from "../support/portal";
import { addClaims, addPolicy, createCase, formPdf, uploadPdf } from "../support/cases";

let ws: TestWorkspace;
let caseId: string;
let priorAuthId: string;
/** An open case past its deadline, so the queue is scanned with its overdue clock. */
let overdueCaseId: string;
/** Whether the engines answered (the page is scanned either way). */
let checked = false;

test.beforeAll(async ({ request }) => {
  ws = await createTestWorkspace("A11y");
  await addPolicy(request, ws.apiKey);
  const doc = await uploadPdf(request, ws.apiKey, await formPdf(), "a11y-form.pdf");
  const pa = await createCase(request, ws.apiKey, { caseId: `A11Y-${Date.now()}`, documentUrl: doc.document_url, receivedAt: new Date(Date.now() - 8 * 86400_000).toISOString() });
  caseId = pa.case_id;
  priorAuthId = pa.id;
  await addClaims(request, ws.apiKey, pa.id);
  overdueCaseId = (await createCase(request, ws.apiKey, { caseId: `A11Y-LATE-${Date.now()}`, documentUrl: doc.document_url, receivedAt: new Date(Date.now() - 9 * 86400_000).toISOString() })).case_id;
  const headers = { "X-API-Key": ws.apiKey };
  checked = (await request.post(`/api/v1/prior_auths/${pa.id}/policy_check`, { headers })).status() === 200;
  if (checked) expect((await request.post(`/api/v1/prior_auths/${pa.id}/determination`, { headers })).status()).toBe(200);
});

/** Serious and critical WCAG 2.1 A/AA violations, with where they are, for a readable failure. */
async function seriousViolations(page: Page) {
  const result = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]).analyze();
  return result.violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => `${v.id}: ${v.help} — ${v.nodes.map((n) => n.target.join(" ")).slice(0, 3).join(", ")}`);
}

test("the work queue has no serious or critical accessibility violations", async ({ page }) => {
  await logIn(page, ws.adminEmail, ws.adminPassword);
  // Every case, whatever the engine decided (the default view holds open work only), with the views' tabs and counts.
  await page.getByRole("button", { name: /^All/ }).click();
  await expect(page.getByRole("link", { name: caseId })).toBeVisible();
  await expect(page.getByRole("row").filter({ hasText: overdueCaseId }).getByTestId("sla-clock")).toHaveText(/^Overdue by/);
  expect(await seriousViolations(page)).toEqual([]);
  await page.getByLabel("Overdue only").check();
  await page.getByLabel("Search").fill("nothing matches this");
  await expect(page.getByText("No cases match these filters")).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
});

test("the new case form has no serious or critical accessibility violations", async ({ page }) => {
  await logIn(page, ws.adminEmail, ws.adminPassword);
  await page.goto("/cases/new");
  await page.getByRole("button", { name: "Create case" }).click();
  await expect(page.getByText("Enter the case id.")).toBeVisible();
  await expect(page.getByLabel("Case id")).toBeFocused();
  expect(await seriousViolations(page)).toEqual([]);
});

test("the case page has no serious or critical violations and works from the keyboard", async ({ page }) => {
  await logIn(page, ws.adminEmail, ws.adminPassword);
  await page.goto(`/cases/${priorAuthId}`);
  await expect(page.getByRole("heading", { name: `Case ${caseId}` })).toBeVisible();
  const intake = page.getByRole("region", { name: "Intake" });
  await expect(intake.getByRole("button", { name: /Jane Q Doe/ })).toBeVisible();
  await expect(page.getByRole("region", { name: "Documents" }).getByRole("img", { name: /^Page 1 of a11y-form\.pdf$/ })).toBeVisible();
  if (checked) await expect(page.getByRole("list", { name: "Steps at a glance" })).toBeVisible();
  else await expect(page.getByRole("region", { name: "Policy check" }).getByText("No policy check yet")).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);

  // Keyboard only: a fact, then a policy step, each with a visible focus ring.
  const fact = intake.getByRole("button", { name: /Jane Q Doe/ });
  await page.keyboard.press("Tab"); // keyboard modality, as a keyboard user arrives
  await fact.focus();
  const outline = await fact.evaluate((el) => getComputedStyle(el).outlineStyle);
  expect(outline).not.toBe("none");
  await page.keyboard.press("Enter");
  await expect(page.getByTestId("evidence-highlight")).toContainText("Jane Q Doe");
  if (checked) {
    const firstStep = page.getByRole("region", { name: "Policy check" }).getByRole("button", { expanded: false }).first();
    await firstStep.focus();
    await page.keyboard.press("Space");
    await expect(page.getByRole("region", { name: "Policy check" }).getByRole("button", { expanded: true })).toHaveCount(1);
  }
  // The decision form from the keyboard: radio, note, submit.
  const decision = page.getByRole("region", { name: "Decision", exact: true });
  await decision.getByRole("radio", { name: /Request information/ }).focus();
  await page.keyboard.press("Space");
  await expect(decision.getByRole("radio", { name: /Request information/ })).toBeChecked();
  expect(await seriousViolations(page)).toEqual([]);
  await keepScreenshot(page, "case-page-keyboard");
});

test("on a phone-sized screen the case page reflows, and choosing a fact brings its page into view", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await logIn(page, ws.adminEmail, ws.adminPassword);
  await page.goto(`/cases/${priorAuthId}`);
  const fact = page.getByRole("region", { name: "Intake" }).getByRole("button", { name: /Jane Q Doe/ });
  await expect(fact).toBeVisible();
  // The page reflows (WCAG 1.4.10): nothing in it, the top bar included, is wider than the screen; wide tables scroll
  // inside their own region.
  const overflowing = await page.locator("body").evaluate((body) =>
    [...body.querySelectorAll("*")].filter((el) => el.getBoundingClientRect().right > window.innerWidth + 1 && !el.closest("[role=region][tabindex]")).map((el) => `${el.tagName.toLowerCase()}.${el.className}`.slice(0, 120)));
  expect(overflowing).toEqual([]);
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  await expect(page.getByRole("button", { name: "Log out" })).toBeInViewport();
  await expect(page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Cases" })).toBeInViewport();
  expect(await seriousViolations(page)).toEqual([]);
  await fact.click();
  await expect(page.getByRole("region", { name: "Documents" }).getByRole("heading", { name: "Documents" })).toBeInViewport();
  await keepScreenshot(page, "case-page-phone");
});
