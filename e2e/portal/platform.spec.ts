import AxeBuilder from "@axe-core/playwright";
import { expect, test } from "@playwright/test";
import { createTestWorkspace, type TestWorkspace } from "../support/workspace";
import { keepScreenshot, logIn } from "../support/portal";
import { startWebhookReceiver } from "../support/webhook-receiver";

let ws: TestWorkspace;

test.beforeAll(async () => {
  ws = await createTestWorkspace("PortalPlatform");
});

test("API reference, webhooks in Settings and the Reports page", async ({ page }) => {
  test.setTimeout(90_000);
  const receiver = await startWebhookReceiver();
  try {
    await logIn(page, ws.adminEmail, ws.adminPassword);

    // The API reference renders offline from the package, inside the portal.
    await page.getByRole("link", { name: "API reference" }).click();
    await expect(page.getByRole("heading", { name: "API reference" })).toBeVisible();
    const reference = page.frameLocator('iframe[title="API reference"]');
    await expect(reference.getByText("Prior Authorization Service API").first()).toBeVisible({ timeout: 20_000 });
    await expect(reference.getByText("/prior_auths/{prior_auth_id}/supporting_information").first()).toBeVisible();
    await keepScreenshot(page, "docs-api-reference");

    // Webhooks: add an endpoint, the secret is shown once.
    await page.getByRole("link", { name: "Settings" }).click();
    await page.getByRole("navigation", { name: "Settings" }).getByRole("link", { name: "Webhooks" }).click();
    await expect(page.getByRole("heading", { name: "Webhooks" })).toBeVisible();
    await page.getByLabel("Endpoint URL").fill(receiver.url);
    await page.getByRole("button", { name: "Add endpoint" }).click();
    await expect(page.getByTestId("new-webhook-secret")).toHaveText(/^whsec_/);
    await expect(page.getByText(receiver.url, { exact: true })).toBeVisible();
    await page.getByRole("button", { name: "Deliveries" }).click();
    await expect(page.getByText("No deliveries yet.")).toBeVisible();
    expect((await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa"]).analyze()).violations.map((v) => v.id)).toEqual([]);
    await keepScreenshot(page, "settings-webhooks");

    // Reports: the period form and the CSV link.
    await page.getByRole("link", { name: "Reports" }).click();
    await expect(page.getByRole("heading", { name: "Reports" })).toBeVisible();
    await expect(page.getByText("No requests in this period")).toBeVisible();
    await expect(page.getByRole("link", { name: "Download CSV" })).toHaveAttribute("href", /\/api\/v1\/reports\/metrics\?from=\d{4}-\d{2}-\d{2}&to=\d{4}-\d{2}-\d{2}&format=csv/);
    expect((await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa"]).analyze()).violations.map((v) => v.id)).toEqual([]);
    await keepScreenshot(page, "reports");
  } finally {
    await receiver.close();
  }
});
