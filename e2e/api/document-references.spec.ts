// A `pa-document:` reference is checked when it is given (issue 19, item 5): another workspace's upload, or one that
// does not exist, is the same 404 naming the field, and the case is left as it was; nothing is written.
import { randomUUID } from "node:crypto";
import { expect, test, type APIRequestContext } from "@playwright/test";
import { createTestWorkspace, type TestWorkspace } from "../support/workspace";
import { apiClient, expectErrorBody } from "../support/api";

let a: TestWorkspace;
let b: TestWorkspace;

test.beforeAll(async () => {
  test.setTimeout(120_000);
  [a, b] = await Promise.all([createTestWorkspace("Refs A"), createTestWorkspace("Refs B")]);
});

async function uploadText(request: APIRequestContext, apiKey: string, text: string): Promise<string> {
  const response = await request.post("/api/v1/documents", { headers: { "X-API-Key": apiKey, "Content-Type": "text/plain", "X-File-Name": "note.txt" }, data: Buffer.from(text) });
  expect(response.status(), await response.text()).toBe(201);
  return (await response.json()).document_url;
}

/** The refusal with the document id taken out: another workspace's and an unknown one must read the same. */
const withoutId = (message: string) => message.replace(/pa-document:[0-9a-f-]{36}/, "pa-document:<id>");

const EPA = { patient: { first_name: "Ref", last_name: "Check" }, medication: { drug_name: "Dupixent" } };

test("create: another workspace's upload and an unknown one are the same 404, and no case is written", async ({ request }) => {
  const api = apiClient(request, a.apiKey);
  const own = await uploadText(request, a.apiKey, "Progress note: atopic dermatitis, moderate to severe.");
  const theirs = await uploadText(request, b.apiKey, "Workspace B's private note.");
  const unknown = `pa-document:${randomUUID()}`;
  const before = (await (await api.list("view=all&limit=100")).json()).data.length;

  const foreign = await expectErrorBody(await api.create({ case_id: `ref-${randomUUID()}`, document_url: theirs }), 404, `document_url: the uploaded document ${theirs} was not found.`);
  const missing = await expectErrorBody(await api.create({ case_id: `ref-${randomUUID()}`, document_url: unknown }), 404, `document_url: the uploaded document ${unknown} was not found.`);
  expect(withoutId(foreign.message)).toBe(withoutId(missing.message));
  // In an ePA request the failing item is named; the valid first item does not save the request.
  await expectErrorBody(await api.create({ case_id: `ref-${randomUUID()}`, ePA: { document_urls: [own, theirs], epa_payload: EPA } }), 404, `ePA.document_urls[1]: the uploaded document ${theirs} was not found.`);
  // With an Idempotency-Key the refusal is not kept: the same key with a good body then creates the case.
  const key = `refs-${randomUUID()}`;
  await expectErrorBody(await api.create({ case_id: "ref-idem", document_url: unknown }, { "Idempotency-Key": key }), 404);
  expect((await (await api.list("view=all&limit=100")).json()).data.length).toBe(before);

  const created = await api.create({ case_id: "ref-idem", document_url: own }, { "Idempotency-Key": `${key}-ok` });
  expect(created.status(), await created.text()).toBe(201);
  expect((await (await api.list("view=all&limit=100")).json()).data.length).toBe(before + 1);

  // Workspace B still uses its own upload.
  const bCase = await apiClient(request, b.apiKey).create({ case_id: `ref-${randomUUID()}`, document_url: theirs });
  expect(bCase.status(), await bCase.text()).toBe(201);
});

test("add documents and policy check: a foreign or unknown reference is 404 and the case is unchanged", async ({ request }) => {
  const api = apiClient(request, a.apiKey);
  const created = await api.create({ case_id: `ref-add-${randomUUID()}`, ePA: { epa_payload: EPA }, synchronous_request: true });
  expect(created.status(), await created.text()).toBe(201);
  const id = (await created.json()).id as string;
  const before = await api.getJson(id);
  expect(before.status).toBe("Succeeded");
  const eventsBefore = (await api.events(id)).length;
  const theirs = await uploadText(request, b.apiKey, "Workspace B's chart note.");
  const unknown = `pa-document:${randomUUID()}`;
  const own = await uploadText(request, a.apiKey, "Chart note: tried topical steroids for 3 months, failed.");

  const foreign = await expectErrorBody(await request.post(`/api/v1/prior_auths/${id}/documents`, { headers: api.headers, data: { document_urls: [own, theirs] } }), 404, `document_urls[1]: the uploaded document ${theirs} was not found.`);
  const missing = await expectErrorBody(await request.post(`/api/v1/prior_auths/${id}/documents`, { headers: api.headers, data: { document_urls: [own, unknown] } }), 404);
  expect(withoutId(foreign.message)).toBe(withoutId(missing.message));
  const after = await api.getJson(id);
  expect(after).toEqual(before);
  expect((await api.events(id)).length).toBe(eventsBefore);
  expect(await api.documents(id)).toEqual([]);

  const check = await expectErrorBody(await request.post(`/api/v1/prior_auths/${id}/policy_check`, { headers: api.headers, data: { policy_document_url: theirs } }), 404);
  expect(check.message).toBe(`policy_document_url: the uploaded document ${theirs} was not found.`);

  // The workspace's own upload is taken: the case is read again.
  const added = await request.post(`/api/v1/prior_auths/${id}/documents`, { headers: api.headers, data: { document_urls: [own] } });
  expect([200, 202], await added.text()).toContain(added.status());
});
