// A procedure request (no drug): a form naming the patient and an MRI by its CPT code, and a policy for that code.
// Shared by the API and portal specs of the notice gate for requests without a drug.
import { expect, type APIRequestContext } from "@playwright/test";
import { PA_FORM_HEADER_LINES } from "./fixtures";

export const MRI_SERVICE = "MRI brain without and with contrast";

/** The form, with its CPT line or, `withoutCode`, the service in words only (the code then is unread). */
export const procedureFormPage = (opts: { withoutCode?: boolean } = {}) =>
  [
    ...PA_FORM_HEADER_LINES,
    `Requested service: ${MRI_SERVICE}`,
    ...(opts.withoutCode ? [] : ["CPT: 70553"]),
    "Diagnosis: Lennox-Gastaut syndrome, not intractable, with status epilepticus (G40.811)",
  ].join("\n");

/** A policy for CPT 70553 whose two criteria the form meets (the patient is 13; a neurologist orders it). */
export async function addMriPolicy(request: APIRequestContext, apiKey: string) {
  const text = [
    "Acme Health Plan Imaging Coverage Policy",
    `Magnetic resonance imaging: ${MRI_SERVICE} (CPT 70553)`,
    "Effective Date: 01/01/2024",
    "Coverage Criteria",
    "Approve for 1 year if the patient meets ALL of the following criteria (1 and 2):",
    "1. Patient is 6 years of age or older; AND",
    "2. The service is prescribed by or in consultation with a neurologist.",
  ].join("\n");
  const response = await request.post("/api/v1/policies", { headers: { "X-API-Key": apiKey }, data: { text, cpt_codes: ["70553"] } });
  expect(response.status(), await response.text()).toBe(201);
}
