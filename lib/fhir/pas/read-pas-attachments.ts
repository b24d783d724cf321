// The documents a PAS request carries: DocumentReference content and Binary entries of the Bundle, and attachments
// given inline in Claim.supportingInfo (valueAttachment). Each is base64 data or a URL; a DocumentReference whose
// attachment URL names a Binary of the Bundle is that Binary's data, read once. Pure.
import type { Attachment, Binary, Bundle, Claim, DocumentReference } from "@medplum/fhirtypes";
import { resolveEntry } from "@/lib/fhir/pas/read-pas-request";

export interface PasAttachment {
  /** Where it is in the request, as a FHIRPath expression (named by an OperationOutcome when it cannot be used). */
  expression: string;
  contentType?: string;
  /** Base64 content. */
  data?: string;
  /** An http(s) address (or whatever the request gave: the caller refuses other schemes). */
  url?: string;
  title?: string;
}

export function readPasAttachments(bundle: Bundle, claim: Claim): PasAttachment[] {
  const found: PasAttachment[] = [];
  const binariesRead = new Set<unknown>();
  const entries = bundle.entry ?? [];
  const fromAttachment = (attachment: Attachment, expression: string) => {
    const binary = attachment.data ? undefined : resolveEntry(bundle, attachment.url)?.resource;
    if (binary?.resourceType === "Binary") {
      binariesRead.add(binary);
      found.push({ expression, contentType: attachment.contentType ?? binary.contentType, data: binary.data, title: attachment.title });
      return;
    }
    if (attachment.data || attachment.url) {
      found.push({ expression, contentType: attachment.contentType, data: attachment.data, url: attachment.data ? undefined : attachment.url, title: attachment.title });
    }
  };
  entries.forEach((entry, index) => {
    if (entry.resource?.resourceType !== "DocumentReference") return;
    ((entry.resource as DocumentReference).content ?? []).forEach((content, contentIndex) =>
      fromAttachment(content.attachment, `Bundle.entry[${index}].resource.content[${contentIndex}].attachment`),
    );
  });
  (claim.supportingInfo ?? []).forEach((info, index) => {
    if (info.valueAttachment) fromAttachment(info.valueAttachment, `Claim.supportingInfo[${index}].valueAttachment`);
  });
  entries.forEach((entry, index) => {
    const binary = entry.resource as Binary | undefined;
    if (binary?.resourceType !== "Binary" || binariesRead.has(binary) || !binary.data) return;
    found.push({ expression: `Bundle.entry[${index}].resource`, contentType: binary.contentType, data: binary.data });
  });
  return found;
}
