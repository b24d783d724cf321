import { expect, test } from "@playwright/test";
import { apiClient, waitForFinal } from "../support/api";
import { startDocServer, send } from "../support/doc-server";
import { createTestWorkspace } from "../support/workspace";
import { damagedFaxTiff, longImageFax } from "../../lib/documents/scan-fixtures";

// Bad scans at case level (issue 13): a 300-page image-only fax is over the documented recognition cap
// (PA_OCR_MAX_PAGES, 60): its case shows reading progress, then fails with the reason. A 40-page fax TIFF with a
// damaged page is read to the end: the case succeeds with the form's facts and the damaged page in its trail.

type Progress = { phase: string; pages_done: number; pages_total: number } | null;

test("a 300-page image-only fax fails with the recognition cap as its reason, after showing its reading progress", async ({ request }) => {
  test.setTimeout(120_000);
  const { apiKey } = await createTestWorkspace("Long fax");
  const api = apiClient(request, apiKey);
  const docs = await startDocServer({ "/long.pdf": send("application/pdf", await longImageFax(300)) });
  try {
    const created = await (await api.create({ case_id: "long-fax", document_url: docs.url("/long.pdf") })).json();
    const seen: Progress[] = [];
    await expect.poll(async () => {
      const current = (await api.getJson(created.id)) as unknown as { status: string; intake_progress: Progress };
      if (current.intake_progress) seen.push(current.intake_progress);
      return current.status;
    }, { timeout: 90_000, intervals: [200] }).not.toBe("Processing");
    const done = await api.getJson(created.id);
    expect(done).toMatchObject({
      status: "Failed",
      failure_reason: "The PDF has 300 pages without a usable text layer; at most 60 pages are recognised per document (limit PA_OCR_MAX_PAGES).",
    });
    // The reading was shown while it went on (the text pass counts the 300 pages before the cap applies).
    expect(seen.some((p) => p?.phase === "reading" && p.pages_total === 300) || seen.some((p) => p?.phase === "fetching")).toBe(true);
  } finally {
    await docs.close();
  }
});

test("a 40-page fax TIFF with a damaged page gives the case its form and names the damaged page", async ({ request }) => {
  test.setTimeout(180_000);
  const { apiKey } = await createTestWorkspace("Damaged fax");
  const api = apiClient(request, apiKey);
  const docs = await startDocServer({ "/fax.tiff": send("image/tiff", await damagedFaxTiff()) });
  try {
    const created = await (await api.create({ case_id: "damaged-fax", document_url: docs.url("/fax.tiff") })).json();
    const done = await waitForFinal(api, created.id, 150_000);
    expect(done).toMatchObject({ status: "Succeeded", patient_name: "Jane Doe" });
    const events = await api.events(created.id);
    const warnings = events.flatMap((e) => (Array.isArray(e.details?.warnings) ? (e.details.warnings as string[]) : []));
    expect(warnings).toContainEqual(expect.stringContaining("Page 3 could not be recognised: the page image could not be decoded"));
    const intake = JSON.stringify(await (await request.get(`/api/v1/prior_auths/${created.id}/intake`, { headers: api.headers })).json());
    for (const value of ["1980-04-17", "1234567893", "K50.90"]) expect(intake).toContain(value);
  } finally {
    await docs.close();
  }
});
