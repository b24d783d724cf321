// Reading JSON the service stored earlier (a parsed policy, intake facts, a policy check, a determination, a notice):
// every read parses through the record's schema. A record of a known older shape is migrated on read by a named
// function; one that still does not parse was written by an engine whose shape this code no longer reads, and is
// reported as such (UnreadableRecord, an answer that says what to do) instead of failing somewhere far from the read.
import type { z } from "zod";
import { DomainError } from "@/lib/errors/domain-errors";

/** A stored record that does not have the shape the current code reads: written by an older engine (or damaged). */
export class UnreadableRecord extends DomainError {
  readonly code = "unreadable_record";
  constructor(
    /** What the record is, as a person names it: "the parsed policy of policy version 3". */
    readonly record: string,
    /** The fields that do not parse, "sections[0].criteria.kind: ...". */
    readonly problems: string,
    /** What to do about it: "re-read the policy from its document". */
    readonly remedy: string,
  ) {
    super(`${capitalise(record)} cannot be read: it was written by an older engine (${problems}); ${remedy}.`);
  }
}

/** True when A and B are the same type (each assignable to the other): `const ok: Same<z.infer<typeof ZX>, X> = true`. */
export type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;

const capitalise = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

/** A migration of one known older shape to the current one: `applies` recognises the shape, `migrate` rewrites it. */
export interface RecordMigration {
  name: string;
  applies: (stored: unknown) => boolean;
  migrate: (stored: unknown) => unknown;
}

/** "sections[0].criteria.kind: expected ...; warnings: ..." (the first few problems). */
export function describeProblems(error: z.ZodError, max = 3): string {
  const lines = error.issues.slice(0, max).map((issue) => {
    const where = issue.path.reduce<string>((acc, part) => (typeof part === "number" ? `${acc}[${part}]` : acc ? `${acc}.${String(part)}` : String(part)), "");
    return where ? `${where}: ${issue.message}` : issue.message;
  });
  const more = error.issues.length - lines.length;
  return `${lines.join("; ")}${more > 0 ? `; and ${more} more` : ""}`;
}

/**
 * The stored value through its schema, after the migrations that apply to it (in order). Throws UnreadableRecord when
 * it still does not parse.
 */
export function readStoredRecord<S extends z.ZodType>(
  schema: S,
  stored: unknown,
  about: { record: string; remedy: string; migrations?: readonly RecordMigration[] },
): z.output<S> {
  let value = stored;
  for (const migration of about.migrations ?? []) if (migration.applies(value)) value = migration.migrate(value);
  const result = schema.safeParse(value);
  if (!result.success) throw new UnreadableRecord(about.record, describeProblems(result.error), about.remedy);
  return result.data;
}

/**
 * What parsing would lose or change of a record the engines write (for tests and the corpus evaluation): each path
 * whose value differs after a round trip through the schema, e.g. a key the schema does not know. Empty: lossless.
 */
export function lossInParsing(schema: z.ZodType, record: unknown): string[] {
  const stored: unknown = JSON.parse(JSON.stringify(record));
  const result = schema.safeParse(stored);
  if (!result.success) return [`does not parse: ${describeProblems(result.error)}`];
  const out: string[] = [];
  const compare = (a: unknown, b: unknown, path: string) => {
    if (out.length >= 5) return;
    if (Array.isArray(a) && Array.isArray(b)) {
      if (a.length !== b.length) out.push(`${path}: ${a.length} entries stored, ${b.length} read`);
      else a.forEach((x, i) => compare(x, b[i], `${path}[${i}]`));
    } else if (a && b && typeof a === "object" && typeof b === "object") {
      const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
      for (const k of keys) compare((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k], path ? `${path}.${k}` : k);
    } else if (!Object.is(a, b)) out.push(`${path || "(the record)"}: ${JSON.stringify(a)} stored, ${JSON.stringify(b)} read`);
  };
  compare(stored, JSON.parse(JSON.stringify(result.data)), "");
  return out;
}
