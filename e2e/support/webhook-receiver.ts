import http from "node:http";
import type { AddressInfo } from "node:net";

export interface ReceivedWebhook {
  headers: Record<string, string>;
  body: string;
  status: number;
}

/** A webhook receiver on 127.0.0.1 that answers `fail` times with 500 before answering 200. */
export async function startWebhookReceiver(opts: { fail?: number } = {}) {
  const received: ReceivedWebhook[] = [];
  let failuresLeft = opts.fail ?? 0;
  const server = http.createServer((req, res) => {
    let body = "";
    req.on("data", (chunk: Buffer) => (body += chunk));
    req.on("end", () => {
      const status = failuresLeft > 0 ? 500 : 200;
      if (failuresLeft > 0) failuresLeft -= 1;
      received.push({ headers: Object.fromEntries(Object.entries(req.headers).map(([k, v]) => [k, String(v)])), body, status });
      res.writeHead(status, { "Content-Type": "text/plain" }).end(status === 200 ? "ok" : "try again");
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${port}/hooks`,
    received,
    events: () => received.filter((r) => r.status === 200).map((r) => ({ ...(JSON.parse(r.body) as { id: string; type: string; data: { prior_auth?: { id: string } } }), headers: r.headers })),
    close: () => new Promise<void>((resolve) => { server.closeAllConnections(); server.close(() => resolve()); }),
  };
}
