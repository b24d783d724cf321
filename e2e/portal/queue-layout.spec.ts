import { expect, test, type Page } from "@playwright/test";
import { createTestWorkspace, type TestWorkspace } from "../support/workspace";
import { keepScreenshot, logIn } from "../support/portal";
import { apiClient } from "../support/api";

// The work queue as a nurse sees it on a laptop (1280 px) and on a phone (390 px): nothing scrolls sideways, every
// column (the assignee and the due clock included) is on screen, and a case the engine could not check says why.
let ws: TestWorkspace;
const LONG_DRUG = "Dupixent (dupilumab) 300 mg/2 mL prefilled pen, subcutaneous injection every other week";

test.beforeAll(async ({ playwright, baseURL }) => {
  // The engine evaluates on its own here, so a case with no policy for its drug is marked with why.
  ws = await createTestWorkspace("QueueLayout", { autoEvaluate: true });
  const ctx = await playwright.request.newContext({ baseURL });
  const api = apiClient(ctx, ws.apiKey);
  for (const [n, name] of [["1", "Maximiliana Wolkenstein-Oberhausen"], ["2", "Harold J. Mensah"], ["3", "Amara Okafor"]] as const) {
    const [first, ...rest] = name.split(" ");
    const created = await api.create({ case_id: `LAYOUT-CASE-WITH-A-LONG-IDENTIFIER-000${n}`, ePA: { epa_payload: { patient: { first_name: first, last_name: rest.join(" ") }, medication: { drug_name: LONG_DRUG } } }, synchronous_request: true });
    expect(created.status()).toBe(201);
  }
  await ctx.dispose();
});

/** Elements reaching past the window's right edge, outside a region that scrolls on purpose (none on this page). */
const overflowing = (page: Page) =>
  page.locator("body").evaluate((body) =>
    [...body.querySelectorAll("*")]
      .filter((el) => el.getBoundingClientRect().right > window.innerWidth + 1 && !el.closest("[role=region][tabindex]"))
      .map((el) => `${el.tagName.toLowerCase()}.${el.className}`.slice(0, 100)));

test("at 1280 px the queue fits: no sideways scroll, the assignee and due columns on screen", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await logIn(page, ws.adminEmail, ws.adminPassword);
  await page.goto("/cases?view=all");
  const table = page.getByRole("table");
  await expect(table.getByRole("row")).toHaveCount(4);
  expect(await overflowing(page)).toEqual([]);
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  const scroller = page.getByRole("region", { name: "Cases" });
  expect(await scroller.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
  await expect(table.getByRole("columnheader", { name: "Assignee" })).toBeInViewport();
  await expect(table.getByRole("columnheader", { name: "Decision due" })).toBeInViewport();
  await expect(table.getByRole("button", { name: /Assign to me/ }).first()).toBeInViewport();
  await keepScreenshot(page, "queue-1280");
});

test("on a phone each case is a card, nothing is wider than the screen", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await logIn(page, ws.adminEmail, ws.adminPassword);
  await page.goto("/cases?view=all");
  const cards = page.getByRole("list", { name: "Cases" }).getByRole("listitem");
  await expect(cards).toHaveCount(3);
  await expect(page.getByRole("table")).toHaveCount(0);
  await expect(cards.filter({ hasText: "Harold J. Mensah" }).getByRole("link", { name: "LAYOUT-CASE-WITH-A-LONG-IDENTIFIER-0002" })).toBeVisible();
  expect(await overflowing(page)).toEqual([]);
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  await keepScreenshot(page, "queue-390");
});

test("cases the engine could not check have their own view, saying why and what to do; needs review is empty", async ({ page, request }) => {
  // The engine looks for a policy right after reading: wait for its answer before opening the queue.
  const api = apiClient(request, ws.apiKey);
  await expect.poll(async () => ((await (await api.list("view=unchecked")).json()).data as { unchecked_reason: string | null }[]).every((c) => c.unchecked_reason), { timeout: 60_000 }).toBe(true);
  await logIn(page, ws.adminEmail, ws.adminPassword);
  await page.goto("/cases");
  await page.getByRole("navigation", { name: "Queue views" }).getByRole("button", { name: /Not checked/ }).click();
  await expect(page).toHaveURL(/view=unchecked/);
  const rows = page.getByRole("row").filter({ hasText: "LAYOUT-CASE" });
  await expect(rows).toHaveCount(3);
  await expect(rows.first().getByTestId("unchecked-reason")).toContainText(/polic/i);
  await expect(rows.first().getByTestId("unchecked-reason")).toContainText("Upload or choose a policy for this drug, or correct the drug.");
  await page.getByRole("navigation", { name: "Queue views" }).getByRole("button", { name: /Needs review/ }).click();
  await expect(page.getByText("No cases in this view")).toBeVisible();
  await keepScreenshot(page, "queue-not-checked");
});

test("search in the queue matches words in any order and close spellings of a patient (trigram), as a nurse types them", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await logIn(page, ws.adminEmail, ws.adminPassword);
  await page.goto("/cases?view=all");
  const table = page.getByRole("table");
  await expect(table.getByRole("row")).toHaveCount(4);
  const searchFor = async (words: string) => {
    const box = page.getByRole("search", { name: "Filter cases" }).getByLabel("Search");
    await box.fill(words);
    await box.press("Enter");
  };
  await searchFor("mensah harold");
  await expect(table.getByRole("row")).toHaveCount(2);
  await expect(table).toContainText("Harold J. Mensah");
  await searchFor("Okafr");
  await expect(table.getByRole("row")).toHaveCount(2);
  await expect(table).toContainText("Amara Okafor");
  await expect(table).not.toContainText("Harold J. Mensah");
});
