// PAS Claim Updates and attached documents over HTTP: the guide's update example (an item cancelled, an item added)
// on the case its initial request made, then a change and the cancellation of everything; an update of the approval
// example's case; documents given as base64 and as a URL on a 127.0.0.1 server, and over the size limit. Every answer
// is checked against the PAS 2.2.1 response profile.
import { expect, test } from "@playwright/test";
import type { Bundle, DocumentReference } from "@medplum/fhirtypes";
import { apiClient } from "../support/api";
import { send, startDocServer } from "../support/doc-server";
import { PAS_CANCEL, PAS_CHANGED, claimOf, expectOutcome, freshPas, pasExample, reviewActions, submitConforming, submitPas, updateOf } from "../support/pas";
import { createTestWorkspace } from "../support/workspace";

const CANCEL = PAS_CANCEL;
const CHANGED = PAS_CHANGED;

test("the guide's Claim Update cancels an item and adds one, a change is re-evaluated, and cancelling every item withdraws the case", async ({ request }) => {
  test.setTimeout(120_000);
  const ws = await createTestWorkspace("PAS updates");
  const api = apiClient(request, ws.apiKey);
  const tag = ws.workspaceId.slice(0, 8);
  const initial = freshPas(pasExample("Bundle-HomecareAuthorizationBundleExample.json"), tag);
  const first = await submitConforming(request, ws.apiKey, initial, "Homecare initial");
  const priorAuthId = first.claimResponse.identifier![0].value!;
  expect(reviewActions(first.answer)).toEqual({ 1: "A4", 2: "A4" });
  expect((await api.getJson(priorAuthId)) as unknown).toMatchObject({ channel: "pas" });

  // The guide's update: item 1 as it was, item 2 cancelled, item 3 added.
  const update = updateOf(initial, tag);
  const updated = await submitConforming(request, ws.apiKey, update, "Homecare update (cancel 2, add 3)");
  expect(updated.claimResponse.identifier![0].value).toBe(priorAuthId);
  expect(reviewActions(updated.answer)).toEqual({ 1: "A4", 2: "C", 3: "A4" });
  let events = await api.events(priorAuthId);
  const updateEvent = events.find((event) => event.action === "pas.updated")!;
  expect(updateEvent.details).toMatchObject({ channel: "pas", added: [3], modified: [], cancelled: [2], previous_status: "Succeeded" });
  // Read again through the same pipeline: a succeeded read after the update.
  expect(events.slice(events.indexOf(updateEvent)).map((event) => event.action)).toContain("prior_auth.succeeded");

  // The same update again: the same answer, nothing applied twice.
  const again = await submitConforming(request, ws.apiKey, update, "Homecare update, resubmitted");
  expect(again.replayed).toBe(true);
  expect(reviewActions(again.answer)).toEqual({ 1: "A4", 2: "C", 3: "A4" });
  expect((await api.events(priorAuthId)).filter((event) => event.action === "pas.updated")).toHaveLength(1);

  // A change of item 3 (its quantity), then the cancellation of what is left.
  const change = updateOf(initial, `${tag}-change`);
  const changedItem = claimOf(change).item![2];
  changedItem.extension = [...changedItem.extension!.filter((extension) => !extension.url.endsWith("infoChanged")), CHANGED];
  changedItem.quantity = { value: 4 };
  claimOf(change).item = [claimOf(change).item![0], changedItem];
  const changed = await submitConforming(request, ws.apiKey, change, "Homecare change (item 3)");
  // Every item the authorization ever had keeps its latest answer: item 2 stays cancelled.
  expect(reviewActions(changed.answer)).toEqual({ 1: "A4", 2: "C", 3: "A4" });
  events = await api.events(priorAuthId);
  expect(events.filter((event) => event.action === "pas.updated").at(-1)!.details).toMatchObject({ added: [], modified: [3], cancelled: [] });

  const cancelAll = updateOf(initial, `${tag}-cancel`);
  claimOf(cancelAll).item = [claimOf(cancelAll).item![0], claimOf(cancelAll).item![2]].map((item) => ({
    ...item, extension: [...item.extension!.filter((extension) => !extension.url.endsWith("certificationType") && !extension.url.endsWith("infoChanged")), CANCEL],
  }));
  const cancelled = await submitConforming(request, ws.apiKey, cancelAll, "Homecare cancel all");
  expect(reviewActions(cancelled.answer)).toEqual({ 1: "C", 2: "C", 3: "C" });
  expect(cancelled.claimResponse.processNote![0].text).toMatch(/^Cancelled/);
  expect((await api.getJson(priorAuthId)).status).toBe("Cancelled");
  events = await api.events(priorAuthId);
  expect(events.map((event) => event.action)).toEqual(expect.arrayContaining(["prior_auth.cancelled", "pas.cancelled"]));
  expect(events.find((event) => event.action === "pas.cancelled")!.details).toMatchObject({ cancelled: [1, 3] });

  // Still one case for the claim, and every request Bundle as received on it.
  const listed = await (await api.list(`case_id=${encodeURIComponent(claimOf(initial).identifier![0].value!)}`)).json();
  expect(listed.data).toHaveLength(1);
  const submissions = (await (await api.raw("GET", `/prior_auths/${priorAuthId}/pas_submissions`)).json()).data as { claim_identifier: string; request_bundle: Bundle }[];
  expect(submissions.map((submission) => submission.claim_identifier.split("|")[1])).toEqual([`111099-${tag}`, `111099-UPDATE-${tag}`, `111099-UPDATE-${tag}-change`, `111099-UPDATE-${tag}-cancel`]);
  expect(submissions[0].request_bundle).toEqual(initial);
});

test("an update of the approval example's case; an update of a claim this workspace does not hold is 404, a wrong item 422", async ({ request }) => {
  test.setTimeout(90_000);
  const ws = await createTestWorkspace("PAS update approval");
  const other = await createTestWorkspace("PAS update other");
  const api = apiClient(request, ws.apiKey);
  const tag = ws.workspaceId.slice(0, 8);
  const approval = freshPas(pasExample("Bundle-ReferralAuthorizationBundleExample.json"), tag);
  const first = await submitConforming(request, ws.apiKey, approval, "Referral (approval example)");
  const priorAuthId = first.claimResponse.identifier![0].value!;

  // The guide's update, pointed at the approval example's claim: its one item changed (a later service date).
  const update = updateOf(approval, `${tag}-u`);
  // (without its care team and diagnosis pointers: the update example's Claim has neither list)
  const item = structuredClone(claimOf(approval).item![0]);
  delete item.careTeamSequence;
  delete item.diagnosisSequence;
  item.extension = [...item.extension!, CHANGED];
  item.servicedDate = "2026-12-01";
  claimOf(update).item = [item];
  const updated = await submitConforming(request, ws.apiKey, update, "Referral update (item 1 changed)");
  expect(updated.claimResponse.identifier![0].value).toBe(priorAuthId);
  expect(reviewActions(updated.answer)).toEqual({ 1: "A4" });
  expect((await api.events(priorAuthId)).find((event) => event.action === "pas.updated")!.details).toMatchObject({ modified: [1] });

  // Another workspace holds no such authorization: 404, and nothing is created there.
  const elsewhere = await expectOutcome(await submitPas(request, other.apiKey, updateOf(approval, `${tag}-other`)), 404);
  expect(elsewhere.issue[0]).toMatchObject({ code: "not-found", expression: ["Claim.related.claim"] });
  expect((await (await apiClient(request, other.apiKey).list("limit=5")).json()).data).toHaveLength(0);

  // Cancelling an item the authorization does not have names it.
  const wrong = updateOf(approval, `${tag}-wrong`);
  claimOf(wrong).item = [{ ...claimOf(wrong).item![1], sequence: 9 }];
  const refused = await expectOutcome(await submitPas(request, ws.apiKey, wrong), 422);
  expect(refused.issue[0]).toMatchObject({ expression: ["Claim.item[0]"], details: { text: "item 9 is cancelled but is not on the authorization" } });
});

test("attached documents become the case's documents: base64 and a URL fetched from 127.0.0.1; over the limits is 400 (base64 over 1 MB) or 413 (a URL)", async ({ request }) => {
  test.setTimeout(90_000);
  const note = "Clinical note: home parenteral nutrition since 2026-10-01, weight loss 6 kg.";
  const big = new Uint8Array(3 * 1024 * 1024).fill(0x61);
  const server = await startDocServer({ "/note.txt": send("text/plain", note), "/big.txt": send("text/plain", big) });
  try {
    const ws = await createTestWorkspace("PAS documents");
    const api = apiClient(request, ws.apiKey);
    const tag = ws.workspaceId.slice(0, 8);

    // The approval example carries its DocumentReference as base64 text; a second one points at a URL.
    const bundle = freshPas(pasExample("Bundle-ReferralAuthorizationBundleExample.json"), tag);
    const byUrl = structuredClone(bundle.entry!.find((entry) => entry.resource!.resourceType === "DocumentReference")!);
    byUrl.fullUrl = "http://example.org/fhir/DocumentReference/NoteByUrl";
    (byUrl.resource as DocumentReference).id = "NoteByUrl";
    (byUrl.resource as DocumentReference).content = [{ attachment: { contentType: "text/plain", url: server.url("/note.txt") } }];
    bundle.entry!.push(byUrl);
    const { claimResponse } = await submitConforming(request, ws.apiKey, bundle, "Referral with two documents");
    const priorAuthId = claimResponse.identifier![0].value!;
    expect(server.hits).toContain("/note.txt");
    const documents = (await api.documents(priorAuthId)) as { pages: { text: string }[] }[];
    expect(documents.map((document) => document.pages.map((page) => page.text).join("\n").trim())).toEqual(["This is sample base64 encoding.", note]);
    expect((await api.events(priorAuthId)).find((event) => event.action === "pas.submitted")!.details).toMatchObject({ documents: 2 });

    // Over the limits, nothing is created: base64 content over 1 MB is refused by the FHIR validation (400, the
    // element named); a URL to more than PA_FETCH_MAX_BYTES (2 MB in playwright.config.ts) is 413 naming the attachment.
    const tooBigInline = freshPas(pasExample("Bundle-ReferralAuthorizationBundleExample.json"), `${tag}-inline`);
    const index = tooBigInline.entry!.findIndex((entry) => entry.resource!.resourceType === "DocumentReference");
    (tooBigInline.entry![index].resource as DocumentReference).content[0].attachment.data = Buffer.from(big).toString("base64");
    const inline = await expectOutcome(await submitPas(request, ws.apiKey, tooBigInline), 400);
    expect(inline.issue[0]).toMatchObject({ code: "invalid", expression: [`Bundle.entry[${index}].resource.content[0].attachment.data`], details: { text: expect.stringContaining("exceeds") } });

    const tooBigUrl = freshPas(pasExample("Bundle-ReferralAuthorizationBundleExample.json"), `${tag}-url`);
    (tooBigUrl.entry![index].resource as DocumentReference).content[0].attachment = { contentType: "text/plain", url: server.url("/big.txt") };
    const fetched = await expectOutcome(await submitPas(request, ws.apiKey, tooBigUrl), 413);
    expect(fetched.issue[0]).toMatchObject({ code: "too-costly", expression: [`Bundle.entry[${index}].resource.content[0].attachment`], details: { text: expect.stringContaining("limit") } });

    const missing = freshPas(pasExample("Bundle-ReferralAuthorizationBundleExample.json"), `${tag}-404`);
    (missing.entry![index].resource as DocumentReference).content[0].attachment = { contentType: "text/plain", url: server.url("/gone.txt") };
    await expectOutcome(await submitPas(request, ws.apiKey, missing), 422);

    const cases = (await (await api.list("limit=10")).json()).data as { case_id: string }[];
    expect(cases.map((c) => c.case_id)).toEqual([`111099-${tag}`]);
  } finally {
    await server.close();
  }
});
