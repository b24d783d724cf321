import { PassThrough } from "node:stream";
import { describe, expect, it } from "vitest";
import { answerClientError, clientErrorResponse } from "./client-error";

/** The body of a raw response, and its status line. */
function split(raw: string) {
  const [head, body] = raw.split("\r\n\r\n");
  return { statusLine: head.split("\r\n")[0], headers: head.split("\r\n").slice(1), body: JSON.parse(body) as { error: number; message: string }, bodyText: body };
}

describe("clientErrorResponse", () => {
  it.each([
    ["HPE_HEADER_OVERFLOW", 431, "HTTP/1.1 431 Request Header Fields Too Large", /headers are larger than the server accepts \(16 KB in all\)/],
    ["HPE_INVALID_HEADER_TOKEN", 400, "HTTP/1.1 400 Bad Request", /could not be parsed as HTTP/],
    ["HPE_INVALID_METHOD", 400, "HTTP/1.1 400 Bad Request", /could not be parsed/],
    [undefined, 400, "HTTP/1.1 400 Bad Request", /could not be parsed/],
    ["ERR_HTTP_REQUEST_TIMEOUT", 408, "HTTP/1.1 408 Request Timeout", /not received in time/],
  ])("%s -> %i with the error body", (code, status, statusLine, message) => {
    const response = clientErrorResponse(code);
    expect(response.status).toBe(status);
    const parsed = split(response.raw);
    expect(parsed.statusLine).toBe(statusLine);
    expect(parsed.body).toEqual({ error: status, message: expect.stringMatching(message) });
    expect(parsed.headers).toContain("Content-Type: application/json; charset=utf-8");
    expect(parsed.headers).toContain(`Content-Length: ${Buffer.byteLength(parsed.bodyText)}`);
    expect(parsed.headers).toContain("Connection: close");
  });
});

describe("answerClientError", () => {
  it("writes the response and ends a writable socket", async () => {
    const socket = new PassThrough();
    const chunks: Buffer[] = [];
    socket.on("data", (c: Buffer) => chunks.push(c));
    const ended = new Promise((r) => socket.on("end", r));
    answerClientError(Object.assign(new Error("Header overflow"), { code: "HPE_HEADER_OVERFLOW" }), socket);
    await ended;
    expect(Buffer.concat(chunks).toString()).toMatch(/^HTTP\/1\.1 431 [\s\S]*\{"error":431,"message":"[^"]+"\}$/);
  });

  it("destroys a connection the client reset, writing nothing", () => {
    const socket = new PassThrough();
    let written = false;
    socket.on("data", () => (written = true));
    answerClientError(Object.assign(new Error("reset"), { code: "ECONNRESET" }), socket);
    expect(socket.destroyed).toBe(true);
    expect(written).toBe(false);
  });
});
