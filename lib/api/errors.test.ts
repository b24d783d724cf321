import { describe, expect, it } from "vitest";
import {
  CaseClosed, Conflict, DOMAIN_ERROR_CODES, DocumentOverLimit, DocumentTooLarge, Forbidden, IntakeNotReady, InvalidInput,
  InvalidTransition, NoApplicablePolicy, NotFound, TooManyAttempts, UnprocessableDocument, UnverifiedFacts, type DomainError,
} from "@/lib/errors/domain-errors";
import { UnreadableRecord } from "@/lib/stored-record";
import { ApiError, DOMAIN_ERROR_STATUS, errorToStatus } from "./errors";

// The statuses each named error answered before the domain had named errors (when it threw ApiError(status)): a
// change here changes the API. A stored record the code can no longer read is 409 with the record, the problem and
// what to do, never a 500, and the only answer also logged.
const ANSWERS: [DomainError, number, string, Record<string, string>, boolean?][] = [
  [new InvalidInput("cursor is not valid"), 400, "cursor is not valid", {}],
  [new Forbidden(), 403, "You do not have permission to do this.", {}],
  [new Forbidden("A clinician records denials."), 403, "A clinician records denials.", {}],
  [new NotFound("Prior authorization pa_1"), 404, "Prior authorization pa_1 was not found.", {}],
  [new Conflict("These documents are already part of the case."), 409, "These documents are already part of the case.", {}],
  [new CaseClosed("The prior authorization is Cancelled."), 409, "The prior authorization is Cancelled.", {}],
  [new InvalidTransition("Cancelled", "approved"), 409, "Cannot move the prior authorization from Cancelled to approved.", {}],
  [new InvalidTransition("Failed", "Processing", "the case"), 409, "Cannot move the case from Failed to Processing.", {}],
  [new IntakeNotReady("Intake is still processing; retry when intake_status is Succeeded."), 409, "Intake is still processing; retry when intake_status is Succeeded.", {}],
  [new NoApplicablePolicy("No active policy of this workspace applies"), 422, "No active policy of this workspace applies", {}],
  [new UnverifiedFacts("The notice cannot be issued: the patient's name is not verified."), 422, "The notice cannot be issued: the patient's name is not verified.", {}],
  [new UnprocessableDocument("policy_document_url: not a PDF"), 422, "policy_document_url: not a PDF", {}],
  [new DocumentOverLimit("Reading the document took longer than 60 s.", "document_time"), 422, "Reading the document took longer than 60 s.", {}],
  [new DocumentTooLarge(25 * 1024 * 1024), 413, "The document is larger than the 25 MB limit.", {}],
  [new TooManyAttempts("Too many wrong passwords; retry after 42 s.", 42), 429, "Too many wrong passwords; retry after 42 s.", { "Retry-After": "42" }],
  [
    new UnreadableRecord("determination d1", "status: expected one of approved, denied", "request a new determination of the case"),
    409,
    "Determination d1 cannot be read: it was written by an older engine (status: expected one of approved, denied); request a new determination of the case.",
    {},
    true,
  ],
];

describe("the one table: each domain error's code and its status", () => {
  it("every code has a status, and the table names no other code", () => {
    expect(Object.keys(DOMAIN_ERROR_STATUS).sort()).toEqual([...DOMAIN_ERROR_CODES].sort());
  });

  it("every code is answered by one of the named errors below", () => {
    expect(new Set(ANSWERS.map(([error]) => error.code))).toEqual(new Set(DOMAIN_ERROR_CODES));
  });

  it.each(ANSWERS.map(([error, status, message, headers, log = false]) => [error.name, error.code, error, status, message, headers, log] as const))(
    "%s (%s) answers %#",
    (_name, _code, error, status, message, headers, log) => {
      expect(errorToStatus(error)).toEqual({ status, message, headers, log });
    },
  );
});

describe("errorToStatus: the database going away is 503, not 500", () => {
  it.each([
    Object.assign(new Error("connect ECONNREFUSED 127.0.0.1:5432"), { code: "ECONNREFUSED" }),
    Object.assign(new Error("terminating connection due to administrator command"), { name: "DriverAdapterError" }),
    new Error("Client has encountered a connection error and is not queryable"),
    new Error("Connection terminated unexpectedly"),
    Object.assign(new Error("wrapped"), { cause: { kind: "DatabaseNotReachable" } }),
    Object.assign(new Error("the database system is starting up"), { code: "57P03" }),
  ])("%s", (error) => {
    expect(errorToStatus(error)).toMatchObject({ status: 503, headers: { "Retry-After": "2" } });
  });

  it("keeps typed errors and unknown errors apart", () => {
    expect(errorToStatus(new ApiError(429, "slow down", { "Retry-After": "7" }))).toMatchObject({ status: 429, headers: { "Retry-After": "7" } });
    expect(errorToStatus(new Error("something else"))).toMatchObject({ status: 500, message: "An unexpected error occurred." });
  });
});
