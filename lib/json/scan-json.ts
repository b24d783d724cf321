// Checks a parsed JSON value before any of it reaches a schema or the database: PostgreSQL refuses NUL characters in
// text and lone UTF-16 surrogates (JSON "\ud800") in jsonb (a 500 otherwise; in text they silently become U+FFFD), and
// very deep or very wide values cost the parser and the schemas without serving anyone.

export interface JsonLimits {
  /** Arrays and objects nested deeper than this are refused. */
  maxDepth: number;
  /** Keys of one object. */
  maxKeys: number;
  /** Every key, string, number and element of the whole value. */
  maxNodes: number;
}

export const DEFAULT_JSON_LIMITS: JsonLimits = { maxDepth: 64, maxKeys: 1000, maxNodes: 200_000 };

export interface JsonProblem {
  /** Where: "ePA.epa_payload.note", "claim_history.data[2].claim_id", "" for the whole body. */
  path: string;
  message: string;
}

/** A high surrogate not followed by a low one, or a low surrogate not preceded by a high one (no `u` flag: code units). */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/**
 * Why a string is not well-formed Unicode (its first lone surrogate, as "U+D800 at character 3"), or null when it is.
 * JSON's \u escapes can spell half a pair; no database column or UTF-8 encoder can keep it.
 */
export function illFormedReason(text: string): string | null {
  const match = LONE_SURROGATE.exec(text);
  if (!match) return null;
  const unit = match[0].charCodeAt(0);
  const kind = unit < 0xdc00 ? "high" : "low";
  return `a lone ${kind} surrogate U+${unit.toString(16).toUpperCase()} at character ${match.index + 1}`;
}

const ILL_FORMED = "must be well-formed Unicode text";

const child = (path: string, key: string | number) =>
  typeof key === "number" ? `${path}[${key}]` : /^[A-Za-z_$][\w$]*$/.test(key) ? (path ? `${path}.${key}` : key) : `${path}[${JSON.stringify(key.replace(/\0/g, "\\0"))}]`;

/** The first problem found (depth first), or null. */
export function scanJson(value: unknown, limits: JsonLimits = DEFAULT_JSON_LIMITS): JsonProblem | null {
  let nodes = 0;
  // An explicit stack: a value nested 100,000 deep must not overflow the call stack of the scan itself.
  const stack: { value: unknown; path: string; depth: number }[] = [{ value, path: "", depth: 0 }];
  while (stack.length) {
    const { value: v, path, depth } = stack.pop()!;
    if (++nodes > limits.maxNodes) return { path: "", message: `has more than ${limits.maxNodes} values` };
    if (typeof v === "string") {
      if (v.includes("\0")) return { path, message: "must not contain NUL characters" };
      const illFormed = illFormedReason(v);
      if (illFormed) return { path, message: `${ILL_FORMED} (${illFormed})` };
      continue;
    }
    if (v === null || typeof v !== "object") continue;
    if (depth >= limits.maxDepth) return { path, message: `is nested deeper than ${limits.maxDepth} levels` };
    if (Array.isArray(v)) {
      for (let i = v.length - 1; i >= 0; i--) stack.push({ value: v[i], path: child(path, i), depth: depth + 1 });
      continue;
    }
    const keys = Object.keys(v);
    if (keys.length > limits.maxKeys) return { path, message: `has more than ${limits.maxKeys} keys` };
    for (let i = keys.length - 1; i >= 0; i--) {
      const key = keys[i];
      if (key.includes("\0")) return { path: child(path, key), message: "has a key with a NUL character" };
      const illFormedKey = illFormedReason(key);
      if (illFormedKey) return { path: child(path, key), message: `is a key that ${ILL_FORMED} (${illFormedKey})` };
      stack.push({ value: (v as Record<string, unknown>)[key], path: child(path, key), depth: depth + 1 });
    }
  }
  return null;
}

/** Query parameters: the first name or value with a NUL character. */
export function scanSearchParams(params: URLSearchParams): JsonProblem | null {
  for (const [name, value] of params) {
    if (name.includes("\0")) return { path: name.replace(/\0/g, "\\0"), message: "is a query parameter name with a NUL character" };
    if (value.includes("\0")) return { path: name, message: "must not contain NUL characters" };
  }
  return null;
}

/**
 * The first string or key of a JSON value (a stored document: no size limits, NULs allowed) that is not well-formed
 * Unicode, or null. Walked with an explicit stack like scanJson.
 */
export function findIllFormedString(value: unknown): JsonProblem | null {
  const stack: { value: unknown; path: string }[] = [{ value, path: "" }];
  while (stack.length) {
    const { value: v, path } = stack.pop()!;
    if (typeof v === "string") {
      const illFormed = illFormedReason(v);
      if (illFormed) return { path, message: `${ILL_FORMED} (${illFormed})` };
    } else if (Array.isArray(v)) {
      for (let i = v.length - 1; i >= 0; i--) stack.push({ value: v[i], path: child(path, i) });
    } else if (v && typeof v === "object") {
      for (const [key, item] of Object.entries(v).reverse()) {
        const illFormedKey = illFormedReason(key);
        if (illFormedKey) return { path: child(path, key), message: `is a key that ${ILL_FORMED} (${illFormedKey})` };
        stack.push({ value: item, path: child(path, key) });
      }
    }
  }
  return null;
}

/** JSON nested so deep that JSON.parse itself would recurse too far: counted on the raw text before parsing. */
export function rawJsonDepthExceeds(text: string, maxDepth: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 92 /* \ */) i++;
      else if (c === 34 /* " */) inString = false;
      continue;
    }
    if (c === 34) inString = true;
    else if (c === 123 || c === 91) {
      if (++depth > maxDepth) return true;
    } else if (c === 125 || c === 93) depth--;
  }
  return false;
}

/**
 * A copy of a value with every NUL character (in keys and strings) replaced by U+FFFD: for text read out of a stored
 * document, which may hold NULs that PostgreSQL text and jsonb refuse. Request values are refused instead (scanJson).
 */
export function replaceNul<T>(value: T): T {
  if (typeof value === "string") return (value.includes("\0") ? value.replace(/\0/g, "\uFFFD") : value) as T;
  if (Array.isArray(value)) return value.map(replaceNul) as T;
  if (value && typeof value === "object") {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k.replace(/\0/g, "\uFFFD"), replaceNul(v)])) as T;
  }
  return value;
}
