// Cases made from documents this project did not write: the policy-families corpus (another author's forms, notes and
// a real payer's policy PDF), uploaded and created through the API as an integration would. The corpus lives outside
// the repository (PA_CORPUS_DIR, default /work/shared/corpus); specs on it skip where it is absent.
import { expect, type APIRequestContext } from "@playwright/test";
import fs from "node:fs";
import path from "node:path";
import { uploadPdf } from "./cases";

export const CORPUS_DIR = process.env.PA_CORPUS_DIR ?? "/work/shared/corpus";
const FAMILIES = path.join(CORPUS_DIR, "policy-families");

export const corpusPresent = () => fs.existsSync(path.join(FAMILIES, "labels.json"));

interface FamilyLabel { drug: string; policy: string; request_date: string }

/** The corpus's label of a case ("101-nuedexta_b"): its drug, its policy document and the date of its request. */
export function corpusLabel(name: string): FamilyLabel {
  const labels = JSON.parse(fs.readFileSync(path.join(FAMILIES, "labels.json"), "utf8")) as Record<string, FamilyLabel>;
  return labels[name];
}

/** Uploads the case's policy PDF (policies/NNN.pdf: one policy per drug section, active). */
export async function uploadCorpusPolicy(request: APIRequestContext, apiKey: string, name: string) {
  const file = path.join(FAMILIES, "policies", `${name.slice(0, 3)}.pdf`);
  const response = await request.post("/api/v1/policies", {
    headers: { "X-API-Key": apiKey },
    multipart: { file: { name: path.basename(file), mimeType: "application/pdf", buffer: fs.readFileSync(file) } },
    timeout: 180_000,
  });
  expect(response.status(), await response.text()).toBe(201);
}

/** The form's date, or the oldest the API takes (365 days back) when the corpus case is older than that. */
function requestDate(formDate: string): string {
  const oldest = new Date(Date.now() - 364 * 86_400_000).toISOString().slice(0, 10);
  return formDate < oldest ? oldest : formDate;
}

/** Creates the case from its PDFs (folder NNN-drug/a or /b), dated as its form is. */
export async function createCorpusCase(request: APIRequestContext, apiKey: string, name: string): Promise<{ id: string; case_id: string }> {
  const [family, variant] = name.split("_");
  const dir = path.join(FAMILIES, family, variant);
  const files = fs.readdirSync(dir).filter((f) => f.endsWith(".pdf")).sort();
  const urls: string[] = [];
  for (const f of files) urls.push((await uploadPdf(request, apiKey, new Uint8Array(fs.readFileSync(path.join(dir, f))), f)).document_url);
  const response = await request.post("/api/v1/prior_auths", {
    headers: { "X-API-Key": apiKey },
    data: { case_id: `${name}-${Date.now()}`, request_date: requestDate(corpusLabel(name).request_date), ePA: { document_urls: urls } },
  });
  expect(response.status(), await response.text()).toBe(201);
  return response.json();
}
