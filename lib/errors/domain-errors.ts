// What went wrong, in the domain's words (UnreadableRecord, a stored record of an older shape, is beside its reader in
// lib/stored-record.ts). Engines and domain functions throw these; they know no HTTP. The API layer
// maps each code to a status in one table (lib/api/errors.ts, as dub's and unkey's error codes do), so a status is
// decided once, and a caller inside the domain tests what happened by class, never by a number.

/** The stable machine codes, one per named error below. */
export const DOMAIN_ERROR_CODES = [
  "invalid_input",
  "forbidden",
  "not_found",
  "conflict",
  "case_closed",
  "invalid_transition",
  "intake_not_ready",
  "no_applicable_policy",
  "unverified_facts",
  "unprocessable_document",
  "document_over_limit",
  "document_too_large",
  "too_many_attempts",
  "unreadable_record",
] as const;
export type DomainErrorCode = (typeof DOMAIN_ERROR_CODES)[number];

/** The base of every named error: a stable code and a message a client may read. */
export abstract class DomainError extends Error {
  abstract readonly code: DomainErrorCode;
  constructor(message: string) {
    super(message);
    this.name = new.target.name;
  }
}

/** The request names something wrong: a field, a value, a link that does not hold. The message names the field. */
export class InvalidInput extends DomainError {
  readonly code = "invalid_input";
}

/** The caller may not do this (e.g. an API key recording an adverse decision a clinician must sign). */
export class Forbidden extends DomainError {
  readonly code = "forbidden";
  constructor(message = "You do not have permission to do this.") {
    super(message);
  }
}

/** Absent, or another workspace's (which must look the same). `what` names it: "Prior authorization pa_1". */
export class NotFound extends DomainError {
  readonly code = "not_found";
  constructor(readonly what: string) {
    super(`${what} was not found.`);
  }
}

/** The record's state refuses the change (already used, changed meanwhile, a duplicate): read it again. */
export class Conflict extends DomainError {
  readonly code = "conflict";
}

/** The case is closed (cancelled): nothing more is read, checked or decided on it. */
export class CaseClosed extends DomainError {
  readonly code = "case_closed";
}

/** A move the case lifecycle does not allow (lib/prior-auths/states.ts). */
export class InvalidTransition extends DomainError {
  readonly code = "invalid_transition";
  constructor(
    readonly from: string,
    readonly to: string,
    what = "the prior authorization",
  ) {
    super(`Cannot move ${what} from ${from} to ${to}.`);
  }
}

/** The case's intake is still being read, failed, or is missing: nothing can be checked against it yet. */
export class IntakeNotReady extends DomainError {
  readonly code = "intake_not_ready";
}

/** No policy (or no section of a policy document) applies to the case's drug or codes. */
export class NoApplicablePolicy extends DomainError {
  readonly code = "no_applicable_policy";
}

/** Facts a notice would name (the patient, the drug) are neither read with evidence nor corrected by a reviewer. */
export class UnverifiedFacts extends DomainError {
  readonly code = "unverified_facts";
}

/** A document that cannot be fetched, read or used for what was asked (no pages, no PDF, no section read). */
export class UnprocessableDocument extends DomainError {
  readonly code = "unprocessable_document";
}

/** Reading a document went over a limit (time, memory, scanned pages); `limit` names which. */
export class DocumentOverLimit extends DomainError {
  readonly code = "document_over_limit";
  constructor(
    message: string,
    readonly limit: string,
  ) {
    super(message);
  }
}

/** A document larger than the size limit (`maxBytes`), refused before it is read. */
export class DocumentTooLarge extends DomainError {
  readonly code = "document_too_large";
  constructor(readonly maxBytes: number) {
    super(`The document is larger than the ${Math.round(maxBytes / 1024 / 1024)} MB limit.`);
  }
}

/** Too many failed attempts (e.g. wrong passwords): refused until `retryAfterSeconds` have passed. */
export class TooManyAttempts extends DomainError {
  readonly code = "too_many_attempts";
  constructor(
    message: string,
    readonly retryAfterSeconds: number,
  ) {
    super(message);
  }
}

/** The case moved on while it was being evaluated (closed, its intake not ready, another transition): nothing to decide now. */
export const isCaseNoLongerOpen = (error: unknown): boolean =>
  error instanceof CaseClosed || error instanceof IntakeNotReady || error instanceof InvalidTransition || error instanceof Conflict;
