// Network rule for these tests: traffic only to 127.0.0.0/8 on this machine. Internal and public ranges are refused
// before any connection, and those refusals are checked with injected resolvers, never by connecting.
import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { parseAllowList } from "./address-policy";
import {
  DocumentFetchError,
  createGuardedLookup,
  formatBytes,
  resolveAllowedAddresses,
  safeFetch,
  toFetchError,
  type ResolvedAddress,
  type Resolver,
  type SafeFetchOptions,
} from "./safe-fetch";

interface LoopbackServer {
  origin: string;
  port: number;
  /** Requests seen, with method, path and headers. */
  requests: http.IncomingMessage[];
  /** TCP connections accepted, even those that never sent a request. */
  connections: number;
}

const servers: http.Server[] = [];

async function serve(host: "127.0.0.1" | "127.0.0.2" | "127.0.0.3", handler: http.RequestListener = (_, res) => res.end("ok")) {
  const state: LoopbackServer = { origin: "", port: 0, requests: [], connections: 0 };
  const server = http.createServer((req, res) => {
    state.requests.push(req);
    handler(req, res);
  });
  server.on("connection", () => state.connections++);
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(0, host, () => resolve());
  });
  servers.push(server);
  state.port = (server.address() as AddressInfo).port;
  state.origin = `http://${host}:${state.port}`;
  return state;
}

afterEach(async () => {
  await Promise.all(
    servers.splice(0).map((server) => {
      server.closeAllConnections();
      return new Promise((resolve) => server.close(resolve));
    }),
  );
});

const ONLY_127_0_0_1 = parseAllowList("127.0.0.1");
const options = (overrides: Partial<SafeFetchOptions> = {}): SafeFetchOptions => ({
  maxBytes: 1024 * 1024,
  timeoutMs: 5000,
  allowList: ONLY_127_0_0_1,
  ...overrides,
});

async function fetchError(promise: Promise<unknown>): Promise<DocumentFetchError> {
  try {
    await promise;
  } catch (error) {
    expect(error).toBeInstanceOf(DocumentFetchError);
    return error as DocumentFetchError;
  }
  throw new Error("expected the fetch to fail");
}

const fixed = (answers: Record<string, string[]>): Resolver => async (hostname) => {
  const addresses = answers[hostname];
  if (!addresses) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: "ENOTFOUND" });
  return addresses.map((address): ResolvedAddress => ({ address, family: address.includes(":") ? 6 : 4 }));
};

describe("resolveAllowedAddresses (injected resolver, no connection)", () => {
  const resolve = fixed({
    "intranet.example": ["10.0.0.5"],
    "www.example": ["93.184.216.34", "2606:2800:220:1:248:1893:25c8:1946"],
    "mixed.example": ["93.184.216.34", "127.0.0.1"],
    "metadata.example": ["169.254.169.254"],
    "docs.internal": ["10.1.2.3"],
    "v6.example": ["fd00::5"],
  });

  it("refuses a host name that resolves to a private address, naming the address", async () => {
    const error = await fetchError(resolveAllowedAddresses("intranet.example", parseAllowList(undefined), resolve));
    expect(error.code).toBe("address_not_allowed");
    expect(error.message).toBe("The document address resolves to 10.0.0.5, a private address, which is not allowed.");
    expect(error.retryable).toBe(false);
  });

  it("accepts a host name whose addresses are all public", async () => {
    const addresses = await resolveAllowedAddresses("www.example", parseAllowList(undefined), resolve);
    expect(addresses.map((a) => a.address)).toEqual(["93.184.216.34", "2606:2800:220:1:248:1893:25c8:1946"]);
  });

  it("refuses the whole host when any one address is internal", async () => {
    const error = await fetchError(resolveAllowedAddresses("mixed.example", parseAllowList(undefined), resolve));
    expect(error.message).toBe("The document address resolves to 127.0.0.1, a loopback address, which is not allowed.");
  });

  it("refuses metadata and unique-local IPv6 addresses", async () => {
    expect((await fetchError(resolveAllowedAddresses("metadata.example", parseAllowList("metadata.example"), resolve))).message).toBe(
      "The document address resolves to 169.254.169.254, a cloud metadata address, which is not allowed.",
    );
    expect((await fetchError(resolveAllowedAddresses("v6.example", parseAllowList(undefined), resolve))).message).toContain("fd00::5, a private address");
  });

  it("accepts an internal address for an allow-listed host name", async () => {
    const addresses = await resolveAllowedAddresses("docs.internal", parseAllowList("DOCS.internal"), resolve);
    expect(addresses).toEqual([{ address: "10.1.2.3", family: 4 }]);
  });

  it("reports an unknown host as a network error", async () => {
    const error = await fetchError(resolveAllowedAddresses("nowhere.example", parseAllowList(undefined), resolve));
    expect(error.code).toBe("network");
    expect(error.message).toBe("The document host nowhere.example could not be found.");
  });
});

describe("createGuardedLookup (the lookup handed to the socket)", () => {
  const lookup = createGuardedLookup(parseAllowList(undefined), fixed({ "www.example": ["93.184.216.34", "2606:4700::1"], "intranet.example": ["10.0.0.5"] }));
  const call = (hostname: string, opts: Parameters<typeof lookup>[1]) =>
    new Promise<{ error: unknown; address: unknown; family: unknown }>((resolve) =>
      lookup(hostname, opts, (error, address, family) => resolve({ error, address, family })),
    );

  it("answers in both callback shapes and respects the requested family", async () => {
    expect(await call("www.example", { all: true })).toMatchObject({
      error: null,
      address: [
        { address: "93.184.216.34", family: 4 },
        { address: "2606:4700::1", family: 6 },
      ],
    });
    expect(await call("www.example", {})).toMatchObject({ error: null, address: "93.184.216.34", family: 4 });
    expect(await call("www.example", { family: 6 })).toMatchObject({ error: null, address: "2606:4700::1", family: 6 });
  });

  it("hands the refusal to the socket instead of an address", async () => {
    const { error, address } = await call("intranet.example", { all: true });
    expect(error).toBeInstanceOf(DocumentFetchError);
    expect((error as DocumentFetchError).code).toBe("address_not_allowed");
    expect(address).toBe("");
  });
});

describe("safeFetch against loopback servers", () => {
  it("fetches from an allow-listed address", async () => {
    const server = await serve("127.0.0.1", (_, res) => res.writeHead(200, { "content-type": "text/plain; charset=utf-8" }).end("hello"));
    const response = await safeFetch(`${server.origin}/note.txt`, options());
    expect(response.status).toBe(200);
    expect(new TextDecoder().decode(response.bytes)).toBe("hello");
    expect(response.contentType).toBe("text/plain; charset=utf-8");
    expect(response.headers["content-type"]).toBe("text/plain; charset=utf-8");
    expect(response.finalUrl).toBe(`${server.origin}/note.txt`);
    expect(server.requests[0].headers.accept).toBe("*/*");
  });

  it("refuses a loopback address that is not allowed without connecting to it", async () => {
    const other = await serve("127.0.0.2");
    const error = await fetchError(safeFetch(`${other.origin}/`, options()));
    expect(error.code).toBe("address_not_allowed");
    expect(error.message).toBe("The document address points to 127.0.0.2, a loopback address, which is not allowed.");
    expect(other.connections).toBe(0);
  });

  it("refuses numeric and IPv6 spellings of a loopback address", async () => {
    const other = await serve("127.0.0.2");
    for (const url of [`http://2130706434:${other.port}/`, `http://0x7f.0.0.2:${other.port}/`, `http://[::ffff:127.0.0.2]:${other.port}/`]) {
      expect((await fetchError(safeFetch(url, options()))).code, url).toBe("address_not_allowed");
    }
    expect((await fetchError(safeFetch("http://[::1]:9/", options()))).message).toBe(
      "The document address points to ::1, a loopback address, which is not allowed.",
    );
    expect(other.connections).toBe(0);
  });

  it("refuses with an empty allow-list even the address the service runs on", async () => {
    const server = await serve("127.0.0.1");
    expect((await fetchError(safeFetch(server.origin, options({ allowList: parseAllowList(undefined) })))).code).toBe("address_not_allowed");
    expect(server.connections).toBe(0);
  });

  it("checks host names in the connection's own lookup: allowed name connects, other name does not", async () => {
    const server = await serve("127.0.0.1");
    const resolve = fixed({ "docs.test": ["127.0.0.1"], "sneaky.test": ["127.0.0.1"] });
    const ok = await safeFetch(`http://docs.test:${server.port}/a`, options({ allowList: parseAllowList("docs.test"), resolve }));
    expect(new TextDecoder().decode(ok.bytes)).toBe("ok");
    expect(server.requests[0].headers.host).toBe(`docs.test:${server.port}`);

    const error = await fetchError(safeFetch(`http://sneaky.test:${server.port}/b`, options({ allowList: parseAllowList("docs.test"), resolve })));
    expect(error.code).toBe("address_not_allowed");
    expect(error.message).toBe("The document address resolves to 127.0.0.1, a loopback address, which is not allowed.");
    expect(server.connections).toBe(1);
  });

  it("refuses a redirect to a loopback address that is not allowed, without connecting to it", async () => {
    const target = await serve("127.0.0.3");
    const server = await serve("127.0.0.1", (_, res) => res.writeHead(302, { location: `${target.origin}/secret` }).end());
    const error = await fetchError(safeFetch(`${server.origin}/doc`, options()));
    expect(error.code).toBe("address_not_allowed");
    expect(error.message).toContain("127.0.0.3, a loopback address");
    expect(server.requests).toHaveLength(1);
    expect(target.connections).toBe(0);
  });

  it("refuses a redirect to another scheme", async () => {
    const server = await serve("127.0.0.1", (_, res) => res.writeHead(301, { location: "file:///etc/passwd" }).end());
    expect((await fetchError(safeFetch(server.origin, options()))).code).toBe("scheme_not_allowed");
  });

  it("follows up to 5 redirects (relative ones too) and refuses the 6th", async () => {
    const server = await serve("127.0.0.1", (req, res) => {
      const n = Number(new URL(req.url ?? "/", "http://x").searchParams.get("n"));
      if (n > 0) res.writeHead(302, { location: `/hop?n=${n - 1}` }).end();
      else res.end("arrived");
    });
    const five = await safeFetch(`${server.origin}/hop?n=5`, options());
    expect(new TextDecoder().decode(five.bytes)).toBe("arrived");
    expect(five.finalUrl).toBe(`${server.origin}/hop?n=0`);

    const requestsBefore = server.requests.length;
    const error = await fetchError(safeFetch(`${server.origin}/hop?n=6`, options()));
    expect(error.code).toBe("too_many_redirects");
    expect(error.message).toBe("The document address redirected more than 5 times.");
    expect(server.requests.length - requestsBefore).toBe(6);

    expect((await fetchError(safeFetch(`${server.origin}/hop?n=1`, options({ maxRedirects: 0 })))).code).toBe("too_many_redirects");
  });

  it("turns a POST into a GET on 303 and drops credentials on a cross-origin redirect", async () => {
    const second = await serve("127.0.0.1", (_, res) => res.end("second"));
    const first = await serve("127.0.0.1", (_, res) => res.writeHead(303, { location: `${second.origin}/result` }).end());
    const response = await safeFetch(`${first.origin}/submit`, options({
      method: "POST",
      body: "{}",
      headers: { "Content-Type": "application/json", Authorization: "Bearer secret" },
    }));
    expect(new TextDecoder().decode(response.bytes)).toBe("second");
    expect(first.requests[0]).toMatchObject({ method: "POST" });
    expect(first.requests[0].headers.authorization).toBe("Bearer secret");
    expect(second.requests[0]).toMatchObject({ method: "GET" });
    expect(second.requests[0].headers.authorization).toBeUndefined();
    expect(second.requests[0].headers["content-type"]).toBeUndefined();
  });

  it("refuses a body above the cap when Content-Length says so", async () => {
    const server = await serve("127.0.0.1", (_, res) => res.writeHead(200, { "content-length": "2048" }).end("x".repeat(2048)));
    const error = await fetchError(safeFetch(server.origin, options({ maxBytes: 1024 })));
    expect(error.code).toBe("too_large");
    expect(error.message).toBe("The document is larger than the 1 KB limit.");
  });

  it("refuses a streamed body without Content-Length once it passes the cap, and accepts one exactly at it", async () => {
    const server = await serve("127.0.0.1", (req, res) => {
      const size = Number(req.url?.slice(1));
      res.writeHead(200, { "content-type": "application/octet-stream" });
      for (let sent = 0; sent < size; sent += 100) res.write("y".repeat(Math.min(100, size - sent)));
      res.end();
    });
    const error = await fetchError(safeFetch(`${server.origin}/1001`, options({ maxBytes: 1000 })));
    expect(error.code).toBe("too_large");
    expect(error.message).toBe("The document is larger than the 1000 bytes limit.");
    expect(server.requests[0].headers["content-length"]).toBeUndefined();

    const exact = await safeFetch(`${server.origin}/1000`, options({ maxBytes: 1000 }));
    expect(exact.bytes.byteLength).toBe(1000);
  });

  it("gives up when the server does not answer in time", async () => {
    const server = await serve("127.0.0.1", () => {
      // never answers
    });
    const started = Date.now();
    const error = await fetchError(safeFetch(server.origin, options({ timeoutMs: 300 })));
    expect(error.code).toBe("timeout");
    expect(error.message).toBe("The document could not be downloaded within 300 ms.");
    expect(error.retryable).toBe(true);
    expect(Date.now() - started).toBeLessThan(3000);
  });

  it("gives up when the body trickles past the deadline", async () => {
    const server = await serve("127.0.0.1", (_, res) => {
      res.writeHead(200, { "content-type": "text/plain" });
      res.write("first part");
      // the rest never comes
    });
    const started = Date.now();
    const error = await fetchError(safeFetch(server.origin, options({ timeoutMs: 1000 })));
    expect(error.code).toBe("timeout");
    expect(error.message).toBe("The document could not be downloaded within 1 second.");
    expect(Date.now() - started).toBeLessThan(4000);
  });

  it("reports undici's own header and body timeouts as the deadline, whichever timer fires first", () => {
    const deadline = () => new DocumentFetchError("timeout", "The document could not be downloaded within 3 seconds.");
    for (const code of ["UND_ERR_HEADERS_TIMEOUT", "UND_ERR_BODY_TIMEOUT"]) {
      const thrown = new TypeError("fetch failed", { cause: Object.assign(new Error("timed out"), { code }) });
      const error = toFetchError(thrown, new AbortController().signal, "docs.example", deadline);
      expect(error.code).toBe("timeout");
      expect(error.message).toBe("The document could not be downloaded within 3 seconds.");
    }
  });

  it("reports an HTTP error status with its reason phrase", async () => {
    const server = await serve("127.0.0.1", (req, res) => res.writeHead(req.url === "/gone" ? 404 : 503, "Whatever The Server Says").end("nope"));
    const notFound = await fetchError(safeFetch(`${server.origin}/gone`, options()));
    expect(notFound).toMatchObject({ code: "http_status", status: 404, retryable: false });
    expect(notFound.message).toBe("The document server answered 404 Not Found.");
    const unavailable = await fetchError(safeFetch(`${server.origin}/busy`, options()));
    expect(unavailable).toMatchObject({ code: "http_status", status: 503, retryable: true });
  });

  it("reports a refused connection as a network error", async () => {
    const server = await serve("127.0.0.1");
    const port = server.port;
    await new Promise((resolve) => servers.pop()!.close(resolve));
    const error = await fetchError(safeFetch(`http://127.0.0.1:${port}/`, options()));
    expect(error.code).toBe("network");
    expect(error.message).toBe(`The document server 127.0.0.1:${port} refused the connection.`);
  });

  it.each(["file:///etc/passwd", "ftp://127.0.0.1/doc.pdf", "data:text/plain,hello", "javascript:alert(1)", "pa-document:doc_1"])(
    "refuses the scheme of %s",
    async (url) => {
      const error = await fetchError(safeFetch(url, options()));
      expect(error.code).toBe("scheme_not_allowed");
      expect(error.message).toMatch(/^The document address uses the [a-z-]+: scheme; only http: and https: addresses are allowed\.$/);
    },
  );

  it("refuses user-info in the URL without connecting and without repeating it", async () => {
    const server = await serve("127.0.0.1");
    for (const url of [`http://user:s3cr3t@127.0.0.1:${server.port}/`, `http://user@127.0.0.1:${server.port}/`]) {
      const error = await fetchError(safeFetch(url, options()));
      expect(error.code).toBe("credentials_in_url");
      expect(error.message).not.toMatch(/s3cr3t|user@/);
    }
    expect(server.connections).toBe(0);
  });

  it("refuses what is not a URL", async () => {
    for (const url of ["", "not a url", "http://"]) expect((await fetchError(safeFetch(url, options()))).code, url).toBe("invalid_url");
  });
});

describe("formatBytes", () => {
  it("writes limits the way people read them", () => {
    expect(formatBytes(25 * 1024 * 1024)).toBe("25 MB");
    expect(formatBytes(1536 * 1024)).toBe("1.5 MB");
    expect(formatBytes(2048)).toBe("2 KB");
    expect(formatBytes(1000)).toBe("1000 bytes");
  });
});
