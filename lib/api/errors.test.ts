import { describe, expect, it } from "vitest";
import { UnreadableRecord } from "@/lib/stored-record";
import { ApiError, errorToStatus } from "./errors";

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

describe("errorToStatus: a stored record the code can no longer read", () => {
  it("is 409 with the record, the problem and what to do, never a 500", () => {
    const error = new UnreadableRecord("determination d1", "status: expected one of approved, denied", "request a new determination of the case");
    expect(errorToStatus(error)).toEqual({
      status: 409,
      message: "Determination d1 cannot be read: it was written by an older engine (status: expected one of approved, denied); request a new determination of the case.",
      log: true,
    });
  });
});
