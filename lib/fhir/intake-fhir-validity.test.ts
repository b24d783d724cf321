// Every intake resource validates with Medplum's R4 validator, in both outputs: the spec shape (with only the spec's
// own deviations undone, and no empty value the spec does not ask for) and the standard R4 Bundle. Over the fixtures
// and over the corpus: the policy cases' PDFs read like uploads, and the FHIR Bundles (Synthea, Da Vinci PAS).
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { readPdf } from "@/lib/documents/read-pdf";
import { buildIntakeBundle } from "@/lib/fhir/build-intake-bundle";
import { buildIntakeFhir } from "@/lib/fhir/build-intake-fhir";
import { emptyFacts, realisticFacts } from "@/lib/fhir/intake-facts.fixture";
import { emptyValuePaths, specAsR4 } from "@/lib/fhir/spec-shape-check";
import { validateFhirResource } from "@/lib/fhir/validate-fhir";
import { extractIntake } from "@/lib/intake/extract-intake";
import type { SourceDocument } from "@/lib/documents/layout/source-document";
import type { IntakeFacts } from "@/lib/intake/types";

const PA = "0b7c9e4a-2f61-4d3b-8a5e-6c1d2e3f4a5b";
const BASE = "https://pa.example.com/fhir/StructureDefinition";
const CORPUS = path.resolve(import.meta.dirname, "../../../shared/corpus");

/** Problems of one intake, one line each; empty when every resource of both outputs is valid. */
async function intakeProblems(facts: IntakeFacts): Promise<string[]> {
  const fhir = buildIntakeFhir(facts, { priorAuthId: PA, extensionBase: BASE });
  const spec = [fhir.patient, ...fhir.practitioners, ...fhir.diagnoses, ...fhir.medication_requests];
  const problems: string[] = [];
  for (const resource of spec) {
    problems.push(...emptyValuePaths(resource).map((p) => `spec ${p}: empty value`));
    problems.push(...(await validateFhirResource(specAsR4(resource))).map((p) => `spec ${p}`));
    if (resource.resourceType === "Condition" || resource.resourceType === "MedicationRequest") {
      if (resource.subject.reference !== `Patient/${fhir.patient.id}`) problems.push(`spec ${resource.resourceType}.subject: not the Patient`);
    }
  }
  const bundle = buildIntakeBundle(facts, { priorAuthId: PA, extensionBase: BASE });
  problems.push(...(await validateFhirResource(bundle)).map((p) => `bundle ${p}`));
  problems.push(...emptyValuePaths(bundle).map((p) => `bundle ${p}: empty value`));
  return problems;
}

describe("intake FHIR validity: fixtures", () => {
  it.each([
    ["realistic facts", realisticFacts()],
    ["empty facts", emptyFacts()],
    ["a sparse intake", sparse()],
  ])("%s: every resource validates", async (_, facts) => {
    expect(await intakeProblems(facts)).toEqual([]);
  });

  it("a dose that is not a number stays in the text only", () => {
    const mr = buildIntakeFhir(sparse(), { priorAuthId: PA, extensionBase: BASE }).medication_requests[0];
    expect(mr).not.toHaveProperty("dosageInstruction");
  });

  it("the checks can fail: an empty string, a missing subject", async () => {
    const facts = realisticFacts();
    const fhir = buildIntakeFhir(facts, { priorAuthId: PA, extensionBase: BASE });
    expect(emptyValuePaths({ ...fhir.diagnoses[0], note: [] })).toEqual(["Condition.note"]);
    expect(emptyValuePaths({ ...fhir.practitioners[0], telecom: [{ system: "phone", value: "" }] })).toEqual(["Practitioner.telecom[0].value"]);
    const noSubject: Record<string, unknown> = { ...fhir.medication_requests[0] };
    delete noSubject.subject;
    expect((await validateFhirResource(specAsR4(noSubject))).join("\n")).toMatch(/subject/);
  });
});

function sparse(): IntakeFacts {
  const f = realisticFacts();
  Object.assign(f.practitioners[0], { npi: null, npiValid: null, specialty: null, phone: null, fax: null, address: null, given: [""] });
  Object.assign(f.medicationRequests[0], { ndc: null, otherCodings: [], doseValue: "1-2", doseUnit: null, route: null, directions: null, quantity: null, reasons: [] });
  Object.assign(f.diagnoses[0], { icd10: [], name: null, otherCodings: [], notes: [""] });
  f.patient!.family = "";
  return f;
}

const pdfsUnder = (dir: string): string[] =>
  readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    return statSync(full).isDirectory() ? pdfsUnder(full) : name.toLowerCase().endsWith(".pdf") ? [full] : [];
  });

const CASES = existsSync(path.join(CORPUS, "policy-cases"))
  ? ["002/a", "002/b", "005/a", "005/b"].filter((c) => existsSync(path.join(CORPUS, "policy-cases", c)))
  : [];

describe.skipIf(!CASES.length)("intake FHIR validity: corpus policy cases (PDFs)", () => {
  it.each(CASES)("case %s: every resource validates", async (name) => {
    const docs: SourceDocument[] = await Promise.all(
      pdfsUnder(path.join(CORPUS, "policy-cases", name)).map(async (file, i) => ({
        id: `doc-${i + 1}`,
        name: path.basename(file),
        contentType: "application/pdf",
        pages: (await readPdf(new Uint8Array(readFileSync(file)))).pages,
      })),
    );
    const facts = extractIntake(docs);
    expect(facts.medicationRequests.length + facts.diagnoses.length).toBeGreaterThan(0);
    expect(await intakeProblems(facts)).toEqual([]);
  }, 120_000);
});

const jsonUnder = (dir: string): string[] =>
  existsSync(dir)
    ? readdirSync(dir).flatMap((name) => {
        const full = path.join(dir, name);
        return statSync(full).isDirectory() ? jsonUnder(full) : name.endsWith(".json") ? [full] : [];
      })
    : [];
const BUNDLES = jsonUnder(path.join(CORPUS, "fhir"));

describe.skipIf(!BUNDLES.length)("intake FHIR validity: corpus FHIR documents", () => {
  it("every intake resource of every document validates", async () => {
    const failures: string[] = [];
    for (const file of BUNDLES) {
      const json: unknown = JSON.parse(readFileSync(file, "utf8"));
      if (!json || typeof json !== "object" || !("resourceType" in json)) continue;
      const doc: SourceDocument = { id: "doc-1", name: path.basename(file), contentType: "application/fhir+json", pages: [], json };
      const problems = await intakeProblems(extractIntake([doc]));
      failures.push(...problems.map((p) => `${path.relative(CORPUS, file)}: ${p}`));
    }
    expect(failures).toEqual([]);
  }, 300_000);
});

