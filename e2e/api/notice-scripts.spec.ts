import { expect, test } from "@playwright/test";
import { createTestWorkspace } from "../support/workspace";
import { apiClient } from "../support/api";

/** The downloaded letter's text, as pdf.js reads it. */
async function pdfText(bytes: Buffer): Promise<string> {
  const { getDocument } = await import("pdfjs-dist/legacy/build/pdf.mjs");
  const pdf = await getDocument({ data: new Uint8Array(bytes), verbosity: 0 }).promise;
  let text = "";
  for (let p = 1; p <= pdf.numPages; p++) text += (await (await pdf.getPage(p)).getTextContent()).items.map((i) => ("str" in i ? i.str : "")).join("") + "\n";
  return text;
}

test("a patient named in Cyrillic gets a notice that shows the name; a character no font has is audited, not a silent ?", async ({ request }) => {
  const ws = await createTestWorkspace("Notice scripts");
  const api = apiClient(request, ws.apiKey);
  const created = await (await api.create({
    case_id: "notice-cyrillic",
    ePA: { epa_payload: { patient: { first_name: "Анна", last_name: "Иванова" }, medication: { drug_name: "Dupixent" } } },
    synchronous_request: true,
  })).json();
  expect(created.status).toBe("Succeeded");
  expect((await api.getJson(created.id)).patient_name).toBe("Анна Иванова");

  // The reviewer's note in Chinese and Hebrew, with an emoji that no embedded font draws.
  const note = "请发送病历 שלח את הרשומות \u{1F600}";
  const review = await api.raw("POST", `/prior_auths/${created.id}/review`, { decision: "request_for_information", note });
  expect(review.status()).toBe(201);
  const { notice_id: noticeId } = await review.json();

  const pdf = await request.get(`/api/v1/notices/${noticeId}/pdf`, { headers: api.headers });
  expect(pdf.status()).toBe(200);
  const bytes = await pdf.body();
  const text = await pdfText(bytes);
  expect(text).toContain("Patient: Анна Иванова");
  expect(text).toContain("请发送病历");
  expect(text).toContain("שלח את הרשומות"); // drawn right to left, read back in logical order
  expect(text).toContain("\uFFFD");
  expect(text).not.toContain("?");
  expect(bytes.length).toBeLessThan(150_000);

  // The emoji is named in the case's audit trail, once for the notice however often it is downloaded.
  expect((await request.get(`/api/v1/notices/${noticeId}/pdf`, { headers: api.headers })).status()).toBe(200);
  const missing = (await api.events(created.id)).filter((e) => e.action === "notice.glyphs_missing");
  expect(missing).toHaveLength(1);
  expect(missing[0].details).toMatchObject({ notice_id: noticeId, marker: "\uFFFD" });
  expect(missing[0].details.fields).toEqual(expect.arrayContaining([{ field: "reviewer_note", characters: ["\u{1F600}"], code_points: ["U+1F600"] }]));

  // Another workspace cannot download it.
  const other = await createTestWorkspace("Notice scripts other");
  expect((await request.get(`/api/v1/notices/${noticeId}/pdf`, { headers: { "X-API-Key": other.apiKey } })).status()).toBe(404);
});
