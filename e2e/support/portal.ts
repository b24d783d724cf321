import { expect, type Page } from "@playwright/test";
import fs from "node:fs";
import path from "node:path";

export async function logIn(page: Page, email: string, password: string) {
  await page.goto("/login");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page).toHaveURL(/\/cases/);
}

/** Screenshots of the main screens, kept as test artefacts. */
export async function keepScreenshot(page: Page, name: string) {
  const dir = path.resolve("e2e/artifacts");
  fs.mkdirSync(dir, { recursive: true });
  await page.screenshot({ path: path.join(dir, `${name}.png`), fullPage: true });
}
