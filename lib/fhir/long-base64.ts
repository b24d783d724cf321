// Long base64 content (Attachment.data, Binary.data, Signature.data) checked here, in one linear pass, and set
// aside before Medplum validates the rest. Medplum tests base64Binary with a regular expression over the whole text,
// and in the long-running server that test overflowed V8's stack on 4 MB of content ("Maximum call stack size
// exceeded" inside RegExp.test: a 500 in the full e2e run, never in a fresh process). Short content stays with Medplum.

/** The largest content a resource may carry inline, as Medplum's validator has it. */
export const BASE64_MAX_BYTES = 1024 * 1024;
/** Content up to this many characters is left to Medplum (its expression handles it). */
const CHECKED_HERE_FROM = 16 * 1024;
/** What long content is replaced by in the copy Medplum sees: valid base64, so Medplum finds nothing there. */
const STAND_IN = "AAAA";

export interface LongBase64Problem {
  expression: string;
  message: string;
}

/**
 * The resource with every long base64 content replaced by a stand-in (the same object when there is none), and the
 * problems of that content: a character outside base64, or more than BASE64_MAX_BYTES once decoded.
 */
export function setAsideLongBase64<T>(resource: T, root: string): { resource: T; problems: LongBase64Problem[] } {
  const problems: LongBase64Problem[] = [];
  let found = false;
  const visit = (value: unknown, path: string, key: string | undefined, parent: Record<string, unknown> | undefined): unknown => {
    if (typeof value === "string") {
      if (key !== "data" || value.length < CHECKED_HERE_FROM || (parent && "dimensions" in parent)) return value; // SampledData.data is not base64
      found = true;
      const problem = base64Problem(value);
      if (problem) problems.push({ expression: path, message: problem });
      return STAND_IN;
    }
    if (Array.isArray(value)) {
      const items = value.map((item, index) => visit(item, `${path}[${index}]`, undefined, parent));
      return items.some((item, index) => item !== value[index]) ? items : value;
    }
    if (value && typeof value === "object") {
      const object = value as Record<string, unknown>;
      let copy: Record<string, unknown> | undefined;
      for (const [name, inner] of Object.entries(object)) {
        const seen = visit(inner, `${path}.${name}`, name, object);
        if (seen !== inner) (copy ??= { ...object })[name] = seen;
      }
      return copy ?? value;
    }
    return value;
  };
  const checked = visit(resource, root, undefined, undefined) as T;
  return { resource: found ? checked : resource, problems };
}

/** Why `text` is not acceptable base64 content, or undefined. Whitespace is allowed, as FHIR's base64Binary allows it. */
function base64Problem(text: string): string | undefined {
  let characters = 0;
  let padding = 0;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code === 0x20 || code === 0x0a || code === 0x0d || code === 0x09) continue;
    if (code === 0x3d) {
      padding++;
      characters++;
      continue;
    }
    const inAlphabet = (code >= 0x41 && code <= 0x5a) || (code >= 0x61 && code <= 0x7a) || (code >= 0x30 && code <= 0x39) || code === 0x2b || code === 0x2f;
    if (!inAlphabet || padding > 0) return "Invalid base64Binary format";
    characters++;
  }
  if (characters % 4 !== 0 || padding > 2) return "Invalid base64Binary format";
  const bytes = (characters / 4) * 3 - padding;
  return bytes > BASE64_MAX_BYTES ? `base64Binary exceeds ${BASE64_MAX_BYTES} bytes` : undefined;
}
