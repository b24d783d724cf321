import type { ZodError } from "zod";

/** "case_id: Required; ePA.document_urls[0]: Invalid URL" — every failing field named. */
export function describeZodError(error: ZodError): string {
  return error.issues
    .map((issue) => {
      const where = issue.path.reduce<string>(
        (acc, part) => (typeof part === "number" ? `${acc}[${part}]` : acc ? `${acc}.${String(part)}` : String(part)),
        "",
      );
      if (issue.code === "unrecognized_keys") {
        const keys = issue.keys.map((k) => (where ? `${where}.${k}` : k)).join(", ");
        return `unknown field${issue.keys.length > 1 ? "s" : ""}: ${keys}`;
      }
      return where ? `${where}: ${issue.message}` : issue.message;
    })
    .join("; ");
}
