import { expect, test } from "@playwright/test";
import { addReviewer, createTestWorkspace, type TestWorkspace } from "../support/workspace";
import { keepScreenshot, logIn } from "../support/portal";
import { setPasswordThroughLink } from "../support/accounts";

let ws: TestWorkspace;

test.beforeAll(async () => {
  ws = await createTestWorkspace("Portal");
});

test("an admin creates an API key in Settings, uses it, revokes it", async ({ page, request }) => {
  await logIn(page, ws.adminEmail, ws.adminPassword);
  await page.getByRole("link", { name: "Settings" }).click();
  await expect(page.getByRole("heading", { name: "API keys" })).toBeVisible();

  await page.getByLabel("Key name").fill("Browser-made key");
  await page.getByRole("button", { name: "Create key" }).click();
  const shown = page.getByTestId("new-api-key");
  await expect(shown).toBeVisible();
  const key = (await shown.textContent())!.trim();
  expect(key).toMatch(/^pa_[A-Za-z0-9_-]{40,}$/);
  await expect(page.getByText("it will not be shown again")).toBeVisible();
  await keepScreenshot(page, "settings-api-keys");

  const ok = await request.get("/api/v1/prior_auths", { headers: { "X-API-Key": key } });
  expect(ok.status()).toBe(200);

  // The list shows the key's start, and after the call a last-used time.
  await page.reload();
  const row = page.getByRole("row", { name: /Browser-made key/ });
  await expect(row).toContainText(key.slice(0, 9));
  await expect(row.getByRole("cell").nth(3)).not.toHaveText("Never"); // last used

  page.once("dialog", (dialog) => void dialog.accept());
  await row.getByRole("button", { name: "Revoke Browser-made key" }).click();
  await expect(row).toContainText("Revoked");

  const refused = await request.get("/api/v1/prior_auths", { headers: { "X-API-Key": key } });
  expect(refused.status()).toBe(401);
  expect((await refused.json()).error).toBe(401);
});

test("the keys page shows when a key expires and when it was last used", async ({ page, request }) => {
  await logIn(page, ws.adminEmail, ws.adminPassword);
  await page.getByRole("link", { name: "Settings" }).click();
  await expect(page.getByRole("heading", { name: "API keys" })).toBeVisible();

  await page.getByLabel("Key name").fill("Expiring key");
  await page.getByLabel("Expires after (days)").fill("30");
  await page.getByRole("button", { name: "Create key" }).click();
  const key = (await page.getByTestId("new-api-key").textContent())!.trim();
  const row = page.getByRole("row", { name: /Expiring key/ });
  await expect(row).toContainText("Active");
  await expect(row.getByRole("cell").nth(3)).toHaveText("Never"); // last used

  expect((await request.get("/api/v1/prior_auths", { headers: { "X-API-Key": key } })).status()).toBe(200);
  // What the page must show: the API's times, as the browser writes dates.
  const listed = (await (await page.request.get("/api/v1/api_keys")).json()).data.find((k: { name: string }) => k.name === "Expiring key");
  expect(Date.parse(listed.expires_at) - Date.parse(listed.created_at)).toBe(30 * 86_400_000);
  const shown = (iso: string) => page.evaluate((v) => new Date(v).toLocaleString(undefined, { dateStyle: "medium", timeStyle: "short" }), iso);
  await page.reload();
  await expect(row.getByRole("cell").nth(3)).toHaveText(await shown(listed.last_used_at));
  await expect(row.getByRole("cell").nth(4)).toHaveText(await shown(listed.expires_at));
  await expect(page.getByRole("columnheader", { name: "Expires" })).toBeVisible();
  // A key without an expiry (the workspace's first) says so.
  await expect(page.getByRole("row", { name: /Default key/ }).getByRole("cell").nth(4)).toHaveText("Never");
});

test("an admin adds a reviewer; the reviewer cannot open Settings → API keys", async ({ page, browser }) => {
  const reviewer = await addReviewer(ws.workspaceId);
  await logIn(page, ws.adminEmail, ws.adminPassword);
  await page.goto("/settings/members");
  await expect(page.getByRole("cell", { name: reviewer.email, exact: true })).toBeVisible();

  const other = await browser.newContext();
  const reviewerPage = await other.newPage();
  await logIn(reviewerPage, reviewer.email, reviewer.password);
  await expect(reviewerPage.getByRole("link", { name: "Settings" })).toHaveCount(0);
  await reviewerPage.goto("/settings/api-keys");
  await expect(reviewerPage.getByRole("heading", { name: "Admins only" })).toBeVisible();
  await expect(reviewerPage.getByLabel("Key name")).toHaveCount(0);
  // The API refuses too, whatever the page shows.
  const api = await reviewerPage.request.get("/api/v1/api_keys");
  expect(api.status()).toBe(403);
  await other.close();
});

test("the admin invites a member in the portal; the person sets their own password through the link and signs in", async ({ page, browser }) => {
  await logIn(page, ws.adminEmail, ws.adminPassword);
  await page.goto("/settings/members");
  const email = `new-${Date.now()}@portal.test`;
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Role", { exact: true }).selectOption("reviewer");
  await page.getByRole("button", { name: "Invite member" }).click();
  await expect(page.getByRole("cell", { name: email, exact: true })).toBeVisible();
  const link = await page.getByTestId("one-time-link").getByRole("textbox").inputValue();
  await keepScreenshot(page, "settings-members");

  const other = await browser.newContext();
  const newPage = await other.newPage();
  await setPasswordThroughLink(newPage, link, "initial-pass-1");
  await logIn(newPage, email, "initial-pass-1");
  await newPage.getByRole("button", { name: "Log out" }).click();
  await expect(newPage).toHaveURL(/\/login/);
  await other.close();
});

test("a wrong password is refused with a clear message", async ({ page }) => {
  await page.goto("/login");
  await page.getByLabel("Email").fill(ws.adminEmail);
  await page.getByLabel("Password").fill("wrong-password");
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByText("The email or password is not right.")).toBeVisible();
  await expect(page).toHaveURL(/\/login/);
});
