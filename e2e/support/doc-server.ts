import http from "node:http";
import type { AddressInfo } from "node:net";

export type Route = (req: http.IncomingMessage, res: http.ServerResponse) => void;

/** A document server on 127.0.0.1 (loopback only), with routes chosen by each test. */
export async function startDocServer(routes: Record<string, Route>) {
  const hits: string[] = [];
  const server = http.createServer((req, res) => {
    hits.push(req.url ?? "");
    const route = routes[(req.url ?? "").split("?")[0]];
    if (route) route(req, res);
    else res.writeHead(404, { "Content-Type": "text/plain" }).end("not found");
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    url: (path: string) => `http://127.0.0.1:${port}${path}`,
    port,
    hits,
    close: () => new Promise<void>((resolve) => { server.closeAllConnections(); server.close(() => resolve()); }),
  };
}

export const send = (contentType: string, body: Uint8Array | string): Route => (_req, res) => {
  res.writeHead(200, { "Content-Type": contentType }).end(body);
};
