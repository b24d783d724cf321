// Requests Node's HTTP parser refuses before any route sees them (a 60 KB X-API-Key header, a malformed request line):
// Node would answer a bare 431 or 400 without a body. They get the service's error body like every other error.
import { maxHeaderSize, STATUS_CODES } from "node:http";
import type { Duplex } from "node:stream";

const MESSAGES: Record<number, string> = {
  400: "The request could not be parsed as HTTP (a malformed request line, header or body framing).",
  408: "The request was not received in time.",
  431: `The request's headers are larger than the server accepts (${Math.round(maxHeaderSize / 1024)} KB in all); an API key is 46 characters.`,
};

/** The status and raw HTTP response for a parser error code (HPE_HEADER_OVERFLOW: 431; a timeout: 408; others: 400). */
export function clientErrorResponse(code: string | undefined): { status: number; raw: string } {
  const status = code === "HPE_HEADER_OVERFLOW" ? 431 : code === "ERR_HTTP_REQUEST_TIMEOUT" ? 408 : 400;
  const body = JSON.stringify({ error: status, message: MESSAGES[status] });
  const raw = [
    `HTTP/1.1 ${status} ${STATUS_CODES[status]}`,
    "Content-Type: application/json; charset=utf-8",
    `Content-Length: ${Buffer.byteLength(body)}`,
    "X-Content-Type-Options: nosniff",
    "Connection: close",
    "",
    body,
  ].join("\r\n");
  return { status, raw };
}

/** The HTTP server's 'clientError' listener: answers with the error body and closes the connection. */
export function answerClientError(error: Error & { code?: string }, socket: Duplex): void {
  // The client is gone, or a response is already on its way on this connection: nothing more can be said.
  if (error.code === "ECONNRESET" || !socket.writable || (socket as Duplex & { _httpMessage?: unknown })._httpMessage) {
    socket.destroy();
    return;
  }
  socket.end(clientErrorResponse(error.code).raw);
}
