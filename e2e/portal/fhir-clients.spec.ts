// Settings > FHIR clients (issue 23): a workspace admin registers a SMART backend services client of /fhir in the
// browser (name, pasted JWKS, scopes), sees it listed with its client_id, keys and scopes, sees when it last got a
// token, and revokes it; after that its token request is refused. A JWKS with a private key is refused in the API's
// words.
import { expect, test } from "@playwright/test";
import { keepScreenshot, logIn } from "../support/portal";
import { makeClientKey, requestToken, signAssertion } from "../support/smart";
import { createTestWorkspace } from "../support/workspace";

test("an admin registers a FHIR client with a pasted JWKS and two scopes, sees its last token, revokes it: its next token request is refused", async ({ page, request }) => {
  test.setTimeout(90_000);
  const ws = await createTestWorkspace("FHIR clients portal");
  const key = await makeClientKey("ES384");
  await logIn(page, ws.adminEmail, ws.adminPassword);
  await page.goto("/settings/api-keys");
  await page.getByRole("navigation", { name: "Settings" }).getByRole("link", { name: "FHIR clients" }).click();
  await expect(page.getByRole("heading", { name: "FHIR clients" })).toBeVisible();
  await expect(page.getByText("No FHIR clients yet")).toBeVisible();

  const form = page.getByRole("form", { name: "Register a FHIR client" });
  await form.getByLabel("Client name").fill("Hospital EHR");
  await form.getByLabel("Paste the JWKS").check();
  // A private key is refused, in the API's words.
  await form.getByLabel("JWKS", { exact: true }).fill(JSON.stringify({ keys: [{ ...key.publicJwk, d: "AQAB" }] }));
  await form.getByRole("button", { name: "Register client" }).click();
  await expect(page.getByText(/private key material/)).toBeVisible();

  await form.getByLabel("JWKS", { exact: true }).fill(JSON.stringify({ keys: [key.publicJwk] }));
  await form.getByLabel(/Inquire about requests/).uncheck();
  await form.getByRole("button", { name: "Register client" }).click();
  const registered = page.getByRole("status").filter({ hasText: "Client “Hospital EHR” registered." });
  await expect(registered).toBeVisible();
  const clientId = (await page.getByTestId("new-client-id").textContent())!.trim();
  const tokenUrl = (await registered.locator("code").last().textContent())!.trim();
  expect(tokenUrl).toMatch(/\/oauth\/token$/);

  const row = page.getByRole("row", { name: /Hospital EHR/ });
  await expect(row).toContainText(clientId);
  await expect(row).toContainText("1 key pasted");
  await expect(row).toContainText("system/Claim.write");
  await expect(row).toContainText("system/ClaimResponse.read");
  await expect(row).not.toContainText("system/Claim.read");
  await expect(row.getByRole("cell").nth(5)).toHaveText("Never");
  await expect(row).toContainText("Active");

  // The client gets a token within its scopes; the list then shows when.
  const client = { client_id: clientId, token_url: tokenUrl };
  const granted = await requestToken(request, await signAssertion(key, client));
  expect(granted.status(), await granted.text()).toBe(200);
  expect((await granted.json()).scope).toBe("system/Claim.write system/ClaimResponse.read");
  await page.reload();
  await expect(row.getByRole("cell").nth(5)).not.toHaveText("Never");
  await keepScreenshot(page, "settings-fhir-clients");

  page.once("dialog", (dialog) => void dialog.accept());
  await row.getByRole("button", { name: "Revoke Hospital EHR" }).click();
  await expect(row).toContainText("Revoked");
  await expect(row.getByRole("button", { name: "Revoke Hospital EHR" })).toHaveCount(0);

  const refused = await requestToken(request, await signAssertion(key, client));
  expect(refused.status()).toBe(401);
  expect((await refused.json()).error).toBe("invalid_client");
});
