// Every /api/v1 operation, in one place, with the zod schemas its route handler parses and answers with. The
// OpenAPI document is generated from this list (build-openapi-document.ts); an e2e test checks that every route file
// under app/api/v1 appears here and that real responses match the schemas.
import { z } from "zod";
import { ZPriorAuthId, ZCreatePriorAuthRequest, ZListPriorAuthsQuery, ZPriorAuth, ZPriorAuthList, ZUpdatePriorAuthRequest } from "@/lib/schemas/prior-auth";
import { ZSupportingInformationList, ZSupportingInformationRequest, ZSupportingInformationResponse } from "@/lib/schemas/supporting-information";
import { ZReview, ZReviewList, ZReviewRequest } from "@/lib/schemas/review";
import { ZAuditEventList } from "@/lib/schemas/audit-event";
import { ZPasSubmissionList } from "@/lib/schemas/pas-submission";
import { ZCaseDocumentList, ZDocument, ZDocumentUpload } from "@/lib/schemas/document";
import { ZApiKey, ZApiKeyCreated, ZApiKeyList, ZCreateApiKeyRequest } from "@/lib/schemas/api-key";
import { ZCreateSmartClientRequest, ZSmartClient, ZSmartClientList } from "@/lib/schemas/smart-client";
import { ZBulkAssignRequest, ZBulkAssignResponse } from "@/lib/prior-auths/bulk-assign-schema";
import { ZAddMemberRequest, ZMember, ZMemberInvited, ZMemberList, ZMemberPasswordLink, ZUpdateMemberRequest } from "@/lib/schemas/member";
import { ZAccountWorkspaceList, ZChangePasswordRequest, ZChangePasswordResponse, ZInvitationResponse, ZSetPasswordWithLinkRequest, ZSetPasswordWithLinkResponse } from "@/lib/schemas/account";
import { ZWorkspace } from "@/lib/schemas/workspace";
import { ZAddCaseDocumentsRequest } from "@/lib/schemas/case-documents";
import { ZCancelRequest } from "@/lib/schemas/review";
import { ZQueueCounts } from "@/lib/schemas/prior-auth-counts";
import { ZNotice, ZNoticeId, ZNoticeList } from "@/lib/schemas/notice";
import { ZNoticePreview, ZNoticePreviewQuery } from "@/lib/schemas/notice-preview";
import { ZVocabularyList, ZVocabularyQuery } from "@/lib/schemas/vocabulary";
import { ZCorrectionAnswer, ZCorrectionList, ZCorrectionRequest } from "@/lib/schemas/corrections";
import { ZWorkspaceSettings } from "@/lib/workspaces/workspace-settings";
import { ZIntakeBundle, ZIntakeQuery, ZIntakeResponse } from "@/lib/schemas/intake";
import { ZPolicyCheckList, ZPolicyCheckRequest, ZPolicyCheckResponse } from "@/lib/schemas/policy-check";
import { ZDeterminationList, ZDeterminationResponse } from "@/lib/schemas/determination";
import { ZCreatePolicyJson, ZUpdatePolicyRequest } from "@/lib/schemas/policy";
import { ZGetPolicyQuery, ZListPoliciesQuery, ZPolicy, ZPolicyList } from "@/lib/schemas/policy";
import { ZCreatePolicyQuery, ZPolicyDocument, ZPolicyDocumentList } from "@/lib/schemas/policy";
import { ZCompareVersionsQuery, ZPolicyComparison, ZPolicyDraft, ZPublishDraftRequest, ZVersionNumber } from "@/lib/schemas/policy";
import { ZMetricsQuery, ZMetricsReport } from "@/lib/schemas/report";
import {
  ZCreateWebhookRequest, ZWebhookDelivery, ZWebhookDeliveryId, ZWebhookDeliveryList, ZWebhookEndpoint, ZWebhookEndpointCreated, ZWebhookEndpointList,
  ZWebhookEventPayload, ZWebhookId,
} from "@/lib/schemas/webhook";
import { ZErrorBody } from "@/lib/schemas/error";
import { WEBHOOK_EVENT_TYPES } from "@/lib/webhooks/webhook-events";

/** Who may call: an API key or a portal session; admins' portal sessions only; any signed-in person (their own account); or anyone. */
export type Access = "workspace" | "admin_session" | "session" | "public";

export interface ResponseSpec {
  description: string;
  /** Named schema (see COMPONENTS) or inline zod schema, as application/json unless `content` says otherwise. */
  schema?: z.ZodType;
  /** Other media types: each with a zod schema, or "binary" for raw bytes, or "text" for plain text (CSV). */
  content?: Record<string, z.ZodType | "binary" | "text">;
  headers?: Record<string, { description: string; schema: { type: "string" | "integer" } }>;
}

export interface OperationSpec {
  method: "get" | "post" | "patch" | "delete";
  /** OpenAPI path below /api/v1, with {params} as the route folders name them. */
  path: string;
  operationId: string;
  summary: string;
  description?: string;
  tag: string;
  access: Access;
  params?: Record<string, z.ZodType>;
  query?: z.ZodObject<z.ZodRawShape> | z.ZodType;
  headers?: Record<string, { description: string; schema: z.ZodType }>;
  body?: { schema: z.ZodType; required?: boolean; description?: string; content?: Record<string, z.ZodType | "binary"> };
  responses: Record<number, ResponseSpec>;
  /** Error statuses besides those every operation of its access has (401, 429, 500, 503). */
  errors?: number[];
}

/** Schemas shown by name under components.schemas: request side ("input") or response side ("output"). */
export const COMPONENTS: Record<string, { schema: z.ZodType; io: "input" | "output" }> = {
  Error: { schema: ZErrorBody, io: "output" },
  CreatePriorAuthRequest: { schema: ZCreatePriorAuthRequest, io: "input" },
  UpdatePriorAuthRequest: { schema: ZUpdatePriorAuthRequest, io: "input" },
  PriorAuth: { schema: ZPriorAuth, io: "output" },
  PriorAuthList: { schema: ZPriorAuthList, io: "output" },
  AuditEventList: { schema: ZAuditEventList, io: "output" },
  PasSubmissionList: { schema: ZPasSubmissionList, io: "output" },
  Document: { schema: ZDocument, io: "output" },
  CaseDocumentList: { schema: ZCaseDocumentList, io: "output" },
  SupportingInformationRequest: { schema: ZSupportingInformationRequest, io: "input" },
  SupportingInformationResponse: { schema: ZSupportingInformationResponse, io: "output" },
  SupportingInformationList: { schema: ZSupportingInformationList, io: "output" },
  IntakeResponse: { schema: ZIntakeResponse, io: "output" },
  IntakeBundle: { schema: ZIntakeBundle, io: "output" },
  PolicyCheckRequest: { schema: ZPolicyCheckRequest, io: "input" },
  PolicyCheckResponse: { schema: ZPolicyCheckResponse, io: "output" },
  PolicyCheckList: { schema: ZPolicyCheckList, io: "output" },
  DeterminationResponse: { schema: ZDeterminationResponse, io: "output" },
  DeterminationList: { schema: ZDeterminationList, io: "output" },
  ReviewRequest: { schema: ZReviewRequest, io: "input" },
  Review: { schema: ZReview, io: "output" },
  ReviewList: { schema: ZReviewList, io: "output" },
  CreatePolicyRequest: { schema: ZCreatePolicyJson, io: "input" },
  UpdatePolicyRequest: { schema: ZUpdatePolicyRequest, io: "input" },
  Policy: { schema: ZPolicy, io: "output" },
  PolicyList: { schema: ZPolicyList, io: "output" },
  PolicyDocument: { schema: ZPolicyDocument, io: "output" },
  PolicyDocumentList: { schema: ZPolicyDocumentList, io: "output" },
  MetricsReport: { schema: ZMetricsReport, io: "output" },
  CreateWebhookRequest: { schema: ZCreateWebhookRequest, io: "input" },
  WebhookEndpoint: { schema: ZWebhookEndpoint, io: "output" },
  WebhookEndpointCreated: { schema: ZWebhookEndpointCreated, io: "output" },
  WebhookEndpointList: { schema: ZWebhookEndpointList, io: "output" },
  WebhookDelivery: { schema: ZWebhookDelivery, io: "output" },
  WebhookDeliveryList: { schema: ZWebhookDeliveryList, io: "output" },
  WebhookEvent: { schema: ZWebhookEventPayload, io: "output" },
  CreateApiKeyRequest: { schema: ZCreateApiKeyRequest, io: "input" },
  ApiKey: { schema: ZApiKey, io: "output" },
  ApiKeyCreated: { schema: ZApiKeyCreated, io: "output" },
  ApiKeyList: { schema: ZApiKeyList, io: "output" },
  CreateSmartClientRequest: { schema: ZCreateSmartClientRequest, io: "input" },
  SmartClient: { schema: ZSmartClient, io: "output" },
  SmartClientList: { schema: ZSmartClientList, io: "output" },
  AddMemberRequest: { schema: ZAddMemberRequest, io: "input" },
  Member: { schema: ZMember, io: "output" },
  MemberList: { schema: ZMemberList, io: "output" },
  BulkAssignRequest: { schema: ZBulkAssignRequest, io: "input" },
  BulkAssignResponse: { schema: ZBulkAssignResponse, io: "output" },
  UpdateMemberRequest: { schema: ZUpdateMemberRequest, io: "input" },
  MemberInvited: { schema: ZMemberInvited, io: "output" },
  MemberPasswordLink: { schema: ZMemberPasswordLink, io: "output" },
  ChangePasswordRequest: { schema: ZChangePasswordRequest, io: "input" },
  SetPasswordWithLinkRequest: { schema: ZSetPasswordWithLinkRequest, io: "input" },
  WorkspaceSettingsRequest: { schema: ZWorkspaceSettings, io: "input" },
  Workspace: { schema: ZWorkspace, io: "output" },
  VocabularyList: { schema: ZVocabularyList, io: "output" },
};

const id = { prior_auth_id: ZPriorAuthId };
const uuid = (name: string) => z.uuid({ error: `${name} must be a UUID` });
const ok = (description: string, schema: z.ZodType): Record<number, ResponseSpec> => ({ 200: { description, schema } });
const created = (description: string, schema: z.ZodType): Record<number, ResponseSpec> => ({ 201: { description, schema } });
/** Create and the state-changing actions on a case take the same key (lib/idempotency). */
const idempotencyKey = { "Idempotency-Key": { description: "Replays the first answer for the same key, route and body for 24 hours (header `Idempotent-Replayed: true`); another body with the same key is 409.", schema: z.string().max(255) } };
const replayed = { "Idempotent-Replayed": { description: "true when the answer is a replay.", schema: { type: "string" as const } } };

export const OPERATIONS: OperationSpec[] = [
  // Prior authorizations
  {
    method: "post", path: "/prior_auths", operationId: "createPriorAuth", tag: "Prior authorizations", access: "workspace",
    summary: "Create a prior authorization",
    description: "Give `case_id` and exactly one source: `document_url` (http(s), or `pa-document:<id>` from POST /documents) or `ePA`. Processing runs in the background; with `synchronous_request` the answer waits for it (up to PA_SYNC_TIMEOUT_MS). A `pa-document:` id that is not an upload of this workspace (unknown, or another workspace's: the same answer) is 404 naming the field, and nothing is created.",
    headers: idempotencyKey,
    body: { schema: ZCreatePriorAuthRequest, required: true },
    responses: { 201: { description: "Created (status Processing, or final with synchronous_request).", schema: ZPriorAuth, headers: { Location: { description: "The new prior authorization.", schema: { type: "string" } }, "Idempotent-Replayed": { description: "true when the answer is a replay.", schema: { type: "string" } } } } },
    errors: [400, 404, 409, 413],
  },
  {
    method: "post", path: "/prior_auths/bulk_assign", operationId: "bulkAssignPriorAuths", tag: "Prior authorizations", access: "workspace",
    summary: "Assign several cases to one member (or \"me\", or nobody): all or none, audited per case",
    body: { schema: ZBulkAssignRequest, required: true }, responses: ok("The cases, in the order asked.", ZBulkAssignResponse), errors: [400, 404],
  },
  {
    method: "get", path: "/prior_auths", operationId: "listPriorAuths", tag: "Prior authorizations", access: "workspace",
    summary: "List prior authorizations", description: "Newest first by default; `next_cursor` fetches the next page.",
    query: ZListPriorAuthsQuery, responses: ok("A page of prior authorizations.", ZPriorAuthList), errors: [400],
  },
  {
    method: "get", path: "/prior_auths/{prior_auth_id}", operationId: "getPriorAuth", tag: "Prior authorizations", access: "workspace",
    summary: "Get a prior authorization", params: id, responses: ok("The prior authorization.", ZPriorAuth), errors: [400, 404],
  },
  {
    method: "patch", path: "/prior_auths/{prior_auth_id}", operationId: "updatePriorAuth", tag: "Prior authorizations", access: "workspace",
    summary: "Assign a prior authorization or change its expedited flag", params: id, headers: idempotencyKey, body: { schema: ZUpdatePriorAuthRequest, required: true },
    responses: { 200: { description: "The updated prior authorization.", schema: ZPriorAuth, headers: replayed } }, errors: [400, 404, 409],
  },
  {
    method: "post", path: "/prior_auths/{prior_auth_id}/cancel", operationId: "cancelPriorAuth", tag: "Prior authorizations", access: "workspace",
    summary: "Cancel (withdraw) an open prior authorization, ready for review included", description: "An optional `reason` is kept on the case (`status_reason`) and in the audit trail.",
    params: id, headers: idempotencyKey, body: { schema: ZCancelRequest, required: false },
    responses: { 200: { description: "The cancelled prior authorization.", schema: ZPriorAuth, headers: replayed } }, errors: [400, 404, 409],
  },
  {
    method: "get", path: "/prior_auths/counts", operationId: "countPriorAuthViews", tag: "Prior authorizations", access: "workspace",
    summary: "How many cases each work-queue view holds", description: "Views: open, needs_review, mine (the signed-in member's open cases), waiting, overdue, decided, all; `GET /prior_auths?view=` lists them.",
    responses: ok("Counts per view.", ZQueueCounts), errors: [],
  },
  {
    method: "post", path: "/prior_auths/{prior_auth_id}/documents", operationId: "addPriorAuthDocuments", tag: "Documents", access: "workspace",
    summary: "Add documents to an open prior authorization (the answer to a request for information)",
    description: "The case is read again with all its documents (202 while Processing; 200 when `synchronous_request` finished it), then evaluated again when the workspace prepares cases, and returns to review. A `pa-document:` id that is not an upload of this workspace is 404 naming the field, and the case is left as it was.",
    params: id, headers: idempotencyKey, body: { schema: ZAddCaseDocumentsRequest, required: true },
    responses: { 202: { description: "Accepted: the case is being read again.", schema: ZPriorAuth, headers: replayed }, 200: { description: "Read again (synchronous_request).", schema: ZPriorAuth, headers: replayed } }, errors: [400, 404, 409],
  },
  {
    method: "get", path: "/prior_auths/{prior_auth_id}/notices", operationId: "listNotices", tag: "Notices", access: "workspace",
    summary: "The notices of a case's decisions and requests for information", description: "Newest first. Each final decision and each request for information (a reviewer's, or the engine's own approval or request) issues one; a denial lists the criteria not met with the policy's words and the finding, and how to appeal.",
    params: id, responses: ok("The notices.", ZNoticeList), errors: [400, 404],
  },
  {
    method: "get", path: "/notices/{notice_id}", operationId: "getNotice", tag: "Notices", access: "workspace",
    summary: "A notice's content", params: { notice_id: ZNoticeId }, responses: ok("The notice.", ZNotice), errors: [400, 404],
  },
  {
    method: "get", path: "/notices/{notice_id}/pdf", operationId: "getNoticePdf", tag: "Notices", access: "workspace",
    summary: "A notice as a PDF letter", params: { notice_id: ZNoticeId },
    responses: { 200: { description: "The PDF.", content: { "application/pdf": "binary" } } }, errors: [400, 404],
  },
  {
    method: "get", path: "/prior_auths/{prior_auth_id}/events", operationId: "listPriorAuthEvents", tag: "Prior authorizations", access: "workspace",
    summary: "The audit trail of a prior authorization", description: "Oldest first.", params: id, responses: ok("The events.", ZAuditEventList), errors: [400, 404],
  },
  {
    method: "get", path: "/prior_auths/{prior_auth_id}/pas_submissions", operationId: "listPriorAuthPasSubmissions", tag: "Prior authorizations", access: "workspace",
    summary: "The PAS request Bundles of a prior authorization, as received",
    description: "A case received through POST /fhir/Claim/$submit (channel pas): its initial request, then each Claim Update, oldest first; empty for other cases.",
    params: id, responses: ok("The PAS requests.", ZPasSubmissionList), errors: [400, 404],
  },
  {
    method: "get", path: "/prior_auths/{prior_auth_id}/documents", operationId: "listPriorAuthDocuments", tag: "Documents", access: "workspace",
    summary: "The stored documents of a prior authorization, with text per page", params: id, responses: ok("The documents.", ZCaseDocumentList), errors: [400, 404],
  },
  {
    method: "get", path: "/prior_auths/{prior_auth_id}/intake", operationId: "getIntake", tag: "Intake", access: "workspace",
    summary: "Get the intake as FHIR R4 resources", params: id, query: ZIntakeQuery,
    responses: { 200: { description: "Spec 2.3 (`fhir`), or with ?format=bundle a FHIR R4 collection Bundle.", content: { "application/json": ZIntakeResponse, "application/fhir+json": ZIntakeBundle } } },
    errors: [400, 404, 409],
  },
  {
    method: "post", path: "/prior_auths/{prior_auth_id}/policy_check", operationId: "runPolicyCheck", tag: "Policy checks", access: "workspace",
    summary: "Run a policy check", description: "The policy is chosen by the case's NDC or CPT/HCPCS codes (then drug name) unless one is given in the request.",
    params: id, body: { schema: ZPolicyCheckRequest, required: false }, responses: ok("The numbered steps of the check.", ZPolicyCheckResponse), errors: [400, 404, 409, 422],
  },
  {
    method: "get", path: "/prior_auths/{prior_auth_id}/policy_checks", operationId: "listPolicyChecks", tag: "Policy checks", access: "workspace",
    summary: "Earlier policy checks of a prior authorization", params: id, responses: ok("The policy checks, newest first.", ZPolicyCheckList), errors: [400, 404],
  },
  {
    method: "post", path: "/prior_auths/{prior_auth_id}/supporting_information", operationId: "addSupportingInformation", tag: "Supporting information", access: "workspace",
    summary: "Add claim history and a test claim", params: id, body: { schema: ZSupportingInformationRequest, required: true },
    responses: created("Succeeded, or Failed when the case takes no more information.", ZSupportingInformationResponse), errors: [400, 404, 413],
  },
  {
    method: "get", path: "/prior_auths/{prior_auth_id}/supporting_information", operationId: "getSupportingInformation", tag: "Supporting information", access: "workspace",
    summary: "The supporting information attached so far", params: id, responses: ok("Claim history and the test claim.", ZSupportingInformationList), errors: [400, 404],
  },
  {
    method: "post", path: "/prior_auths/{prior_auth_id}/determination", operationId: "runDetermination", tag: "Determinations", access: "workspace",
    summary: "Run a determination", description: "Runs a policy check, summarises the case, weighs the supporting information and records the outcome.",
    params: id, responses: ok("The determination (spec 2.7).", ZDeterminationResponse), errors: [400, 404, 409, 422],
  },
  {
    method: "get", path: "/prior_auths/{prior_auth_id}/determinations", operationId: "listDeterminations", tag: "Determinations", access: "workspace",
    summary: "Earlier determinations of a prior authorization", params: id, responses: ok("The determinations, newest first.", ZDeterminationList), errors: [400, 404],
  },
  {
    method: "post", path: "/prior_auths/{prior_auth_id}/review", operationId: "recordReview", tag: "Reviews", access: "workspace",
    summary: "Record a reviewer's decision",
    description: "Decides the case's latest determination, or `determination_id` (another case's is 404). approved and denied are final (they stop the SLA clock); request_for_information waits for more material. A case is decided once: a repeated or concurrent review is 409 naming the decision that stands, and records nothing. A different decision on a decided case is an amendment: `amendment: {reason}`, audited as review.amended, issuing a corrected notice that references the first. The notice names the patient and the drug: while either is unread the decision is 422 saying what to correct (POST /corrections; GET /notice_preview shows the notice first).",
    params: id, headers: idempotencyKey, body: { schema: ZReviewRequest, required: true },
    responses: { 201: { description: "The recorded review (an amendment names the review it changed).", schema: ZReview, headers: replayed } }, errors: [400, 403, 404, 409, 422],
  },
  {
    method: "post", path: "/prior_auths/{prior_auth_id}/corrections", operationId: "correctIntake", tag: "Intake", access: "workspace",
    summary: "Correct one intake fact and re-evaluate the case",
    description: "A person corrects what the engine misread: `patient_name`, `birth_date`, `sex`, `drug` (a vocabulary drug, optional NDC), `quantity`, `days_supply`, `diagnoses` (billable ICD-10-CM codes), `prescriber` (name, optional NPI), `specialty` (a NUCC taxonomy code) or `service` (the requested procedure's CPT or HCPCS code, optional `display`: a request without a drug). `source` says where the value comes from: `{kind: \"document\", document_id, page, quote}` (the words must be on that page of a document of the case), `{kind: \"phone\"}` or `{kind: \"reviewer\"}`. Audited as intake.corrected (who, when, before, after, source). The latest correction of each field is laid over the facts read, in every answer (GET /intake lists them in `corrections`), and a re-read of the documents keeps it. The case is re-evaluated at once: `evaluation` holds the new determination, or why none was made (no policy for the drug). A case being read, failed or cancelled is 409.",
    params: id, headers: idempotencyKey, body: { schema: ZCorrectionRequest, required: true },
    responses: { 201: { description: "The correction, the re-evaluation and the case as it now stands.", schema: ZCorrectionAnswer, headers: replayed } }, errors: [400, 404, 409],
  },
  {
    method: "get", path: "/prior_auths/{prior_auth_id}/corrections", operationId: "listCorrections", tag: "Intake", access: "workspace",
    summary: "The corrections of a case, newest first", params: id, responses: ok("The corrections (the latest of each field is in effect).", ZCorrectionList), errors: [400, 404],
  },
  {
    method: "get", path: "/prior_auths/{prior_auth_id}/notice_preview", operationId: "previewNotice", tag: "Notices", access: "workspace",
    summary: "The notice a decision would issue now, before it is issued",
    description: "Built and rendered by the same code as an issued notice, from the case as it stands (corrected facts, latest policy check and determination); nothing is stored. `ready` is false while the patient's name or the drug is unread (a reviewer's decision is then refused with 422 saying what to correct). `format=pdf` answers the letter.",
    params: id, query: ZNoticePreviewQuery,
    responses: { 200: { description: "The previewed notice, or its PDF letter.", content: { "application/json": ZNoticePreview, "application/pdf": "binary" } } }, errors: [400, 404],
  },
  {
    method: "get", path: "/vocabulary", operationId: "searchVocabulary", tag: "Intake", access: "workspace",
    summary: "Look up a drug, an ICD-10-CM code or a NUCC specialty",
    description: "What a correction takes (POST /corrections), by code or by the words of the name in any order, each word matched by its start: `kind=drug` the vocabulary's brands and generics, `kind=diagnosis` ICD-10-CM FY2026 codes (billable first; a category is marked `billable: false`, which a correction refuses), `kind=specialty` the NUCC taxonomy (physicians first). At most `limit` (default 20, at most 50) terms, best first.",
    query: ZVocabularyQuery, responses: ok("The matching terms, best first.", ZVocabularyList), errors: [400],
  },
  {
    method: "get", path: "/prior_auths/{prior_auth_id}/reviews", operationId: "listReviews", tag: "Reviews", access: "workspace",
    summary: "The decision history of a prior authorization", params: id, responses: ok("Reviews, newest first.", ZReviewList), errors: [400, 404],
  },
  // Documents
  {
    method: "post", path: "/documents", operationId: "uploadDocument", tag: "Documents", access: "workspace",
    summary: "Upload a document", description: "Multipart with a `file` field, or the raw bytes with their Content-Type (and optionally X-File-Name). Same size cap as fetched documents.",
    body: { schema: ZDocumentUpload, required: true, content: { "multipart/form-data": ZDocumentUpload, "application/pdf": "binary", "text/plain": "binary", "application/json": "binary", "application/fhir+json": "binary" } },
    responses: created("The stored document; use its document_url in POST /prior_auths.", ZDocument), errors: [400, 413],
  },
  {
    method: "get", path: "/documents/{document_id}", operationId: "getDocument", tag: "Documents", access: "workspace",
    summary: "A stored document's metadata", params: { document_id: uuid("document_id") }, responses: ok("The document.", ZDocument), errors: [400, 404],
  },
  {
    method: "get", path: "/documents/{document_id}/content", operationId: "getDocumentContent", tag: "Documents", access: "workspace",
    summary: "A stored document's original bytes", params: { document_id: uuid("document_id") },
    responses: { 200: { description: "The bytes, with their content type.", content: { "application/pdf": "binary", "text/plain": "binary", "application/json": "binary" } } },
    errors: [400, 404],
  },
  // Policies
  {
    method: "get", path: "/policies", operationId: "listPolicies", tag: "Policies", access: "workspace",
    summary: "The workspace's policy library", query: ZListPoliciesQuery, responses: ok("Policies with their latest versions.", ZPolicyList), errors: [400],
  },
  {
    method: "post", path: "/policies", operationId: "createPolicy", tag: "Policies", access: "workspace",
    summary: "Add a policy document", description: "A PDF (multipart `file` with the metadata as fields, or the raw application/pdf body), or JSON with `text` or `criteria_document`. Admins and API keys. A PDF holding several drug or class sections (a formulary, a criteria table, a Part D criteria book) becomes one policy per section, all linked to the stored document; the answer is the first section's policy with `policy_document` and all sections in `policies`. The same PDF uploaded again answers 409 naming the policies it made, unless `allow_duplicate=true`. A document with no readable drug section answers 422.",
    query: ZCreatePolicyQuery,
    body: { schema: ZCreatePolicyJson, required: true, content: { "application/json": ZCreatePolicyJson, "multipart/form-data": z.object({ file: z.string().meta({ format: "binary" }) }), "application/pdf": "binary" } },
    responses: created("The policy (the first section's) with the document's sections.", ZPolicy), errors: [400, 409, 413, 422],
  },
  {
    method: "get", path: "/policies/documents", operationId: "listPolicyDocuments", tag: "Policies", access: "workspace",
    summary: "Uploaded policy documents with their sections", responses: ok("Documents, newest first, each with one entry per drug or class section.", ZPolicyDocumentList),
  },
  {
    method: "get", path: "/policies/documents/{document_id}", operationId: "getPolicyDocument", tag: "Policies", access: "workspace",
    summary: "One uploaded policy document with its sections", params: { document_id: uuid("document_id") }, responses: ok("The document and its sections.", ZPolicyDocument), errors: [400, 404],
  },
  {
    method: "post", path: "/policies/documents/{document_id}/reread", operationId: "rereadPolicyDocument", tag: "Policies", access: "workspace",
    summary: "Re-read a policy document with the current reader (admins)",
    description: "Queues a background re-read (the workers read it, never the request): a drug list's image cells up to PA_OCR_MAX_CELLS_BACKGROUND, and the current reader's sections. Each policy whose reading changed gets a new version whose change note says what changed; over criteria a person published, the reading is stored as the policy's draft instead; new sections become policies; policies whose section is no longer found are left as they are. The document's `reading` shows queued, reading (cells done of total), done or failed. 409 while a re-read is queued or running.",
    params: { document_id: uuid("document_id") },
    responses: { 202: { description: "The document, its reading queued.", schema: ZPolicyDocument } }, errors: [400, 403, 404, 409],
  },
  {
    method: "post", path: "/policies/{policy_id}/reread", operationId: "rereadPolicy", tag: "Policies", access: "workspace",
    summary: "Re-read a policy with the current reader (admins)",
    description: "A section of an uploaded document: its document's re-read is queued (202, the document with `reading`). A text upload: parsed again from its stored pages now (200, the policy; `reread.action` is version, draft, draft_exists or none). A criteria document upload has no pages: 422.",
    params: { policy_id: uuid("policy_id") },
    responses: { 200: { description: "The policy after the re-read.", schema: ZPolicy }, 202: { description: "The policy's document, its reading queued.", schema: ZPolicyDocument } }, errors: [400, 403, 404, 409, 422],
  },
  {
    method: "get", path: "/policies/{policy_id}", operationId: "getPolicy", tag: "Policies", access: "workspace",
    summary: "A policy with its pages, criteria and versions", params: { policy_id: uuid("policy_id") }, query: ZGetPolicyQuery, responses: ok("The policy (?version=N: an older version).", ZPolicy), errors: [400, 404],
  },
  {
    method: "patch", path: "/policies/{policy_id}", operationId: "updatePolicy", tag: "Policies", access: "workspace",
    summary: "Change a policy's status, metadata or codes (a new version); criteria edits go to the draft",
    description: "Status applies at once (retiring is audited as policy.retired). Title, payer, date, codes and drug names make a new version. `criteria_edits` are validated per check kind (a 400 names the field, e.g. `criteria_edits[0].check.min: expected number`) and collect in the policy's draft: they change nothing the policy check reads until `POST /policies/{policy_id}/publish`.",
    params: { policy_id: uuid("policy_id") },
    body: { schema: ZUpdatePolicyRequest, required: true }, responses: ok("The policy.", ZPolicy), errors: [400, 404, 409, 422],
  },
  {
    method: "get", path: "/policies/{policy_id}/draft", operationId: "getPolicyDraft", tag: "Policies", access: "workspace",
    summary: "The pending draft with its per-criterion changes against the active version", params: { policy_id: uuid("policy_id") },
    responses: ok("The draft.", ZPolicyDraft), errors: [400, 404],
  },
  {
    method: "delete", path: "/policies/{policy_id}/draft", operationId: "discardPolicyDraft", tag: "Policies", access: "workspace",
    summary: "Discard the pending draft (admins)", params: { policy_id: uuid("policy_id") },
    responses: ok("The discarded draft.", ZPolicyDraft), errors: [400, 403, 404],
  },
  {
    method: "post", path: "/policies/{policy_id}/publish", operationId: "publishPolicyDraft", tag: "Policies", access: "workspace",
    summary: "Publish the draft as the new active version (admins)", params: { policy_id: uuid("policy_id") },
    body: { schema: ZPublishDraftRequest, required: true }, responses: ok("The policy at its new version.", ZPolicy), errors: [400, 403, 404, 409],
  },
  {
    method: "get", path: "/policies/{policy_id}/versions/compare", operationId: "comparePolicyVersions", tag: "Policies", access: "workspace",
    summary: "Per-criterion changes between two versions (or a version and the draft)", params: { policy_id: uuid("policy_id") },
    query: ZCompareVersionsQuery, responses: ok("The changes.", ZPolicyComparison), errors: [400, 404],
  },
  {
    method: "post", path: "/policies/{policy_id}/versions/{version}/restore", operationId: "restorePolicyVersion", tag: "Policies", access: "workspace",
    summary: "Make a draft from an older version's criteria (admins); publish it to apply", params: { policy_id: uuid("policy_id"), version: ZVersionNumber },
    responses: ok("The new draft.", ZPolicyDraft), errors: [400, 403, 404],
  },
  // Reports
  {
    method: "get", path: "/reports/metrics", operationId: "getMetrics", tag: "Reports", access: "workspace",
    summary: "CMS-0057-F prior authorization metrics",
    description: "Requests received from `from` to `to` (UTC days, inclusive; default the last 30 days), per drug or procedure and overall, split standard / expedited. Percentages are shares of all requests; hours run from receipt to the final decision.",
    query: ZMetricsQuery,
    responses: { 200: { description: "The metrics (JSON), or with ?format=csv one CSV line per item and segment.", content: { "application/json": ZMetricsReport, "text/csv": "text" } } },
    errors: [400],
  },
  // Webhooks
  {
    method: "get", path: "/webhooks", operationId: "listWebhooks", tag: "Webhooks", access: "admin_session",
    summary: "The workspace's webhook endpoints", responses: ok("Endpoints.", ZWebhookEndpointList), errors: [403],
  },
  {
    method: "post", path: "/webhooks", operationId: "createWebhook", tag: "Webhooks", access: "admin_session",
    summary: "Register a webhook endpoint", description: "The URL follows the document fetcher's rules: http(s), no internal addresses unless allow-listed. The signing secret is in this answer only.",
    body: { schema: ZCreateWebhookRequest, required: true }, responses: created("The endpoint with its signing secret.", ZWebhookEndpointCreated), errors: [400, 403],
  },
  {
    method: "delete", path: "/webhooks/{webhook_id}", operationId: "deleteWebhook", tag: "Webhooks", access: "admin_session",
    summary: "Remove a webhook endpoint and its deliveries", params: { webhook_id: ZWebhookId }, responses: ok("The removed endpoint.", ZWebhookEndpoint), errors: [400, 403, 404],
  },
  {
    method: "get", path: "/webhooks/{webhook_id}/deliveries", operationId: "listWebhookDeliveries", tag: "Webhooks", access: "admin_session",
    summary: "The latest deliveries of an endpoint", params: { webhook_id: ZWebhookId }, responses: ok("Deliveries, newest first.", ZWebhookDeliveryList), errors: [400, 403, 404],
  },
  {
    method: "post", path: "/webhook_deliveries/{delivery_id}/resend", operationId: "resendWebhookDelivery", tag: "Webhooks", access: "admin_session",
    summary: "Send a delivery again with the same event id", params: { delivery_id: ZWebhookDeliveryId },
    responses: { 202: { description: "Queued again.", schema: ZWebhookDelivery } }, errors: [400, 403, 404],
  },
  // Workspace administration (portal)
  {
    method: "get", path: "/workspace", operationId: "getWorkspace", tag: "Workspace", access: "workspace",
    summary: "The caller's workspace and its settings", responses: ok("The workspace.", ZWorkspace),
  },
  {
    method: "patch", path: "/workspace", operationId: "updateWorkspace", tag: "Workspace", access: "admin_session",
    summary: "Change SLA hours, the clinician-review rule or the name", body: { schema: ZWorkspaceSettings, required: true }, responses: ok("The workspace.", ZWorkspace), errors: [400, 403],
  },
  {
    method: "get", path: "/api_keys", operationId: "listApiKeys", tag: "Workspace", access: "admin_session",
    summary: "The workspace's API keys", responses: ok("Keys (never the key itself).", ZApiKeyList), errors: [403],
  },
  {
    method: "post", path: "/api_keys", operationId: "createApiKey", tag: "Workspace", access: "admin_session",
    summary: "Create an API key (shown once)", description: "Optionally with an expiry: `expires_at` (in the future) or `expires_in_days`, at most 730 days away. Past it the key is refused with 401, like a revoked one.",
    body: { schema: ZCreateApiKeyRequest, required: true }, responses: created("The key, in full this once.", ZApiKeyCreated), errors: [400, 403],
  },
  {
    method: "delete", path: "/api_keys/{api_key_id}", operationId: "revokeApiKey", tag: "Workspace", access: "admin_session",
    summary: "Revoke an API key at once", params: { api_key_id: uuid("api_key_id") }, responses: ok("The revoked key.", ZApiKey), errors: [400, 403, 404],
  },
  {
    method: "get", path: "/smart_clients", operationId: "listSmartClients", tag: "Workspace", access: "admin_session",
    summary: "The workspace's SMART backend services clients (/fhir)", responses: ok("Clients with their public keys.", ZSmartClientList), errors: [403],
  },
  {
    method: "post", path: "/smart_clients", operationId: "createSmartClient", tag: "Workspace", access: "admin_session",
    summary: "Register a SMART backend services client with its public keys",
    description: "Give `jwks` (RSA keys for RS384, P-384 EC keys for ES384; public parts only) or `jwks_url` (fetched at each token request under the rules of every outbound URL: http(s), no internal addresses). The answer's `client_id` is the `iss` and `sub` of the client's assertions at `token_url` (POST /oauth/token, grant_type client_credentials, private_key_jwt); its tokens last 5 minutes and act on /fhir for this workspace.",
    body: { schema: ZCreateSmartClientRequest, required: true }, responses: created("The client.", ZSmartClient), errors: [400, 403],
  },
  {
    method: "delete", path: "/smart_clients/{smart_client_id}", operationId: "revokeSmartClient", tag: "Workspace", access: "admin_session",
    summary: "Revoke a SMART client at once (its tokens stop working)", params: { smart_client_id: uuid("smart_client_id") }, responses: ok("The revoked client.", ZSmartClient), errors: [400, 403, 404],
  },
  {
    method: "get", path: "/members", operationId: "listMembers", tag: "Workspace", access: "admin_session",
    summary: "The people of the workspace", responses: ok("Members.", ZMemberList), errors: [403],
  },
  {
    method: "post", path: "/members", operationId: "addMember", tag: "Workspace", access: "admin_session",
    summary: "Invite a person with a role (admins never set passwords)",
    description: "Answers with a one-time link, shown this once, for the admin to pass on privately. A new account sets its own password there, which accepts the invitation; an existing account keeps its credentials and accepts once, signed in (POST /account/invitations/{membership_id}/accept). Both answer alike.",
    body: { schema: ZAddMemberRequest, required: true }, responses: created("The member (status invited) and the link.", ZMemberInvited), errors: [400, 403, 409],
  },
  {
    method: "patch", path: "/members/{member_id}", operationId: "updateMember", tag: "Workspace", access: "admin_session",
    summary: "Change a member's role, or deactivate / reactivate them (never the last active admin)", params: { member_id: uuid("member_id") },
    body: { schema: ZUpdateMemberRequest, required: true }, responses: ok("The member.", ZMember), errors: [400, 403, 404, 409],
  },
  {
    method: "delete", path: "/members/{member_id}", operationId: "removeMember", tag: "Workspace", access: "admin_session",
    summary: "Remove a member from the workspace (never the last active admin); their cases are unassigned", params: { member_id: uuid("member_id") },
    responses: ok("The removed member.", ZMember), errors: [400, 403, 404, 409],
  },
  {
    method: "post", path: "/members/{member_id}/password", operationId: "resetMemberPassword", tag: "Workspace", access: "admin_session",
    summary: "Issue a one-time link with which the member sets their own password",
    description: "A reset for an account with a password, a fresh invitation link for one never activated; earlier links stop working. 409 when the account has any membership (active or not, accepted or not) in another workspace: only its owner changes that password.",
    params: { member_id: uuid("member_id") }, responses: ok("The member and the link, shown this once.", ZMemberPasswordLink), errors: [400, 403, 404, 409],
  },
  // The signed-in person's own account
  {
    method: "get", path: "/account/workspaces", operationId: "listAccountWorkspaces", tag: "Account", access: "session",
    summary: "The signed-in person's workspaces and waiting invitations", responses: ok("Memberships (deactivated ones left out).", ZAccountWorkspaceList),
  },
  {
    method: "post", path: "/account/invitations/{membership_id}/accept", operationId: "acceptInvitation", tag: "Account", access: "session",
    summary: "Accept an invitation, signed in as the invited person", params: { membership_id: uuid("membership_id") }, responses: ok("The membership, now active.", ZInvitationResponse),
  },
  {
    method: "delete", path: "/account/invitations/{membership_id}", operationId: "declineInvitation", tag: "Account", access: "session",
    summary: "Decline an invitation", params: { membership_id: uuid("membership_id") }, responses: ok("The invitation, gone.", ZInvitationResponse),
  },
  {
    method: "post", path: "/account/password", operationId: "changePassword", tag: "Account", access: "session",
    summary: "Change your own password (the current one is asked; every other session ends)", body: { schema: ZChangePasswordRequest, required: true },
    responses: ok("Changed; this session continues with a renewed cookie.", ZChangePasswordResponse), errors: [429],
  },
  {
    method: "post", path: "/account/password_links", operationId: "setPasswordWithLink", tag: "Account", access: "public",
    summary: "Set your password with a one-time link (activation or reset)",
    description: "The link's token is the credential; it works once, until it expires, and only while the account belongs to no workspace but the one that issued it. Ends every earlier session of the account.",
    body: { schema: ZSetPasswordWithLinkRequest, required: true }, responses: ok("The password is set.", ZSetPasswordWithLinkResponse), errors: [400, 409, 413, 415],
  },
  // The document itself
  {
    method: "get", path: "/openapi.json", operationId: "getOpenApiDocument", tag: "Meta", access: "public",
    summary: "This OpenAPI 3.1 document", responses: { 200: { description: "The document.", schema: z.record(z.string(), z.unknown()) } },
  },
];

/** Events sent to webhook endpoints (the document's top-level `webhooks`). */
export const WEBHOOK_EVENTS = WEBHOOK_EVENT_TYPES.map((type) => ({
  type,
  summary: {
    "prior_auth.succeeded": "Intake finished: the case's documents were read and its intake extracted",
    "prior_auth.failed": "Intake failed: `data.prior_auth.failure_reason` says why",
    "prior_auth.cancelled": "The case was cancelled",
    "determination.created": "A determination was recorded",
    "review.decided": "A reviewer recorded a decision",
    "notice.created": "A notice of a decision or of a request for information was issued: `data.notice` with its content and PDF address",
  }[type],
  schema: ZWebhookEventPayload,
}));
