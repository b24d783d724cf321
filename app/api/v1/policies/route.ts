import { z } from "zod";
import { withWorkspace } from "@/lib/api/with-workspace";
import { parseJsonBody, parseMultipartCapped } from "@/lib/api/parse";
import { readBodyCapped } from "@/lib/api/read-body";
import { badRequest } from "@/lib/api/errors";
import { json } from "@/lib/api/responses";
import { ZCreatePolicyJson, ZCreatePolicyQuery, ZListPoliciesQuery, ZPolicyMetadata } from "@/lib/schemas/policy";
import { createPolicy, type PolicySource } from "@/lib/policy-library/create-policy";
import { listPolicies } from "@/lib/policy-library/policy-queries";

export const dynamic = "force-dynamic";

const MAX_POLICY_BYTES = 25 * 1024 * 1024;
const list = (value: FormDataEntryValue | null) => (typeof value === "string" && value.trim() ? value.split(",").map((v) => v.trim()).filter(Boolean) : undefined);

/** A PDF (multipart `file` with optional fields, or a raw application/pdf body), or JSON with text / criteria_document. */
async function readPolicyUpload(req: Request): Promise<{ source: PolicySource; metadata: z.infer<typeof ZPolicyMetadata> }> {
  const type = req.headers.get("content-type") ?? "";
  if (type.startsWith("multipart/form-data")) {
    const form = await parseMultipartCapped(req, MAX_POLICY_BYTES + 64 * 1024, "The policy upload");
    const file = form.get("file");
    if (!(file instanceof File)) throw badRequest("The multipart body needs a `file` field with the policy PDF.");
    if (file.size > MAX_POLICY_BYTES) throw badRequest("The policy PDF is larger than 25 MB.");
    const text = (k: string) => (typeof form.get(k) === "string" && String(form.get(k)).trim() ? String(form.get(k)).trim() : undefined);
    const metadata = ZPolicyMetadata.parse({
      title: text("title"), payer: text("payer"), effective_date: text("effective_date"), status: text("status"),
      ndc_codes: list(form.get("ndc_codes")), cpt_codes: list(form.get("cpt_codes")), drug_names: list(form.get("drug_names")),
    });
    return { source: { kind: "pdf", bytes: new Uint8Array(await file.arrayBuffer()), fileName: file.name || null }, metadata };
  }
  if (type.startsWith("application/pdf")) {
    const bytes = await readBodyCapped(req, MAX_POLICY_BYTES);
    return { source: { kind: "pdf", bytes, fileName: req.headers.get("x-file-name") }, metadata: {} };
  }
  const body = await parseJsonBody(req, ZCreatePolicyJson);
  const { text, criteria_document: criteria, ...metadata } = body;
  return { source: text ? { kind: "text", text } : { kind: "criteria", document: criteria }, metadata };
}

// POST /policies - upload a payer policy (PDF, text or a criteria document): one policy per drug section; admins and systems
export const POST = withWorkspace(
  async ({ req, workspace, actor }) => {
    const { allow_duplicate: allowDuplicate } = ZCreatePolicyQuery.parse(Object.fromEntries(new URL(req.url).searchParams));
    const { source, metadata } = await readPolicyUpload(req);
    const policy = await createPolicy({ workspaceId: workspace.id, actor, source, metadata, allowDuplicate });
    return json(policy, { status: 201, headers: { Location: `/api/v1/policies/${policy.id}` } });
  },
  { role: "admin" },
);

// GET /policies - the workspace's policies with their latest versions (?document_id=: one document's sections)
export const GET = withWorkspace(async ({ req, workspace }) => {
  const { status, document_id: documentId } = ZListPoliciesQuery.parse(Object.fromEntries(new URL(req.url).searchParams));
  return json({ data: await listPolicies({ workspaceId: workspace.id, status, documentId }) });
});
