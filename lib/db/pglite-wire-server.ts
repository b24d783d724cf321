// Serves one PGlite database over the PostgreSQL wire protocol on 127.0.0.1, for several connections and processes.
// PGlite is a single session, so connections take turns: a connection holds the session from its first message until
// the server is idle again (ReadyForQuery 'I'), i.e. for a whole extended-protocol exchange or a whole transaction.
// (Taking turns per message, as @electric-sql/pglite-socket 0.2 does, lets another connection's Parse replace the
// unnamed statement between a Parse and its Bind: "bind message supplies 3 parameters, but ... requires 7".)
import net from "node:net";
import type { PGlite } from "@electric-sql/pglite";

const SSL_REQUEST = 80877103;
const CANCEL_REQUEST = 80877102;
const PROTOCOL_3 = 196608;

class SessionTurn {
  private holder: object | null = null;
  private queue: { owner: object; grant: () => void }[] = [];

  holds(owner: object) {
    return this.holder === owner;
  }

  acquire(owner: object): Promise<void> {
    if (this.holder === owner) return Promise.resolve();
    if (!this.holder) {
      this.holder = owner;
      return Promise.resolve();
    }
    return new Promise((grant) => this.queue.push({ owner, grant }));
  }

  release(owner: object) {
    if (this.holder !== owner) return;
    const next = this.queue.shift();
    this.holder = next?.owner ?? null;
    next?.grant();
  }

  forget(owner: object) {
    this.queue = this.queue.filter((w) => w.owner !== owner);
    this.release(owner);
  }
}

/** The status byte of the last ReadyForQuery in a run of backend messages, or null when there is none. */
function lastReadyStatus(output: Buffer): string | null {
  let status: string | null = null;
  let offset = 0;
  while (offset + 5 <= output.length) {
    const type = output[offset];
    const length = output.readInt32BE(offset + 1);
    if (type === 0x5a /* Z */ && offset + 6 <= output.length) status = String.fromCharCode(output[offset + 5]);
    offset += 1 + length;
  }
  return status;
}

/** Splits complete frontend messages off the buffer. The startup-phase messages have no type byte. */
function takeMessage(buffer: Buffer, started: boolean): { message: Buffer; rest: Buffer } | null {
  if (!started) {
    if (buffer.length < 4) return null;
    const length = buffer.readInt32BE(0);
    if (buffer.length < length) return null;
    return { message: buffer.subarray(0, length), rest: buffer.subarray(length) };
  }
  if (buffer.length < 5) return null;
  const length = buffer.readInt32BE(1) + 1;
  if (buffer.length < length) return null;
  return { message: buffer.subarray(0, length), rest: buffer.subarray(length) };
}

export interface WireServer {
  port: number;
  close(): Promise<void>;
}

export async function serveOverWire(db: PGlite, opts: { host?: string; port?: number } = {}): Promise<WireServer> {
  const turn = new SessionTurn();
  const sockets = new Set<net.Socket>();

  const server = net.createServer((socket) => {
    sockets.add(socket);
    socket.setNoDelay(true);
    const owner = {};
    let buffer: Buffer = Buffer.alloc(0);
    let started = false;
    let chain = Promise.resolve();

    const handle = async (message: Buffer) => {
      if (!started && message.length >= 8) {
        const code = message.readInt32BE(4);
        if (code === SSL_REQUEST) return void socket.write("N");
        if (code === CANCEL_REQUEST) return void socket.end();
      }
      await turn.acquire(owner);
      if (socket.destroyed) return;
      const chunks: Buffer[] = [];
      await db.runExclusive(() => db.execProtocolRawStream(new Uint8Array(message), { onRawData: (data) => void chunks.push(Buffer.from(data)) }));
      const output = Buffer.concat(chunks);
      if (output.length && socket.writable) socket.write(output);
      if (message[0] === 0x58 /* X: terminate */ || lastReadyStatus(output) === "I") turn.release(owner);
    };

    socket.on("data", (data: Buffer) => {
      buffer = buffer.length ? Buffer.concat([buffer, data]) : data;
      for (let next = takeMessage(buffer, started); next; next = takeMessage(buffer, started)) {
        buffer = next.rest;
        const message = Buffer.from(next.message);
        // The startup message decides how the following ones are framed: parse it before reading on.
        if (!started && message.length >= 8 && message.readInt32BE(4) === PROTOCOL_3) started = true;
        chain = chain.then(() => handle(message)).catch(() => void socket.destroy());
      }
    });
    const cleanup = () => {
      sockets.delete(socket);
      chain = chain.then(async () => {
        if (turn.holds(owner) && db.isInTransaction()) await db.exec("ROLLBACK").catch(() => undefined);
        turn.forget(owner);
      });
    };
    socket.on("close", cleanup);
    socket.on("error", () => socket.destroy());
  });

  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(opts.port ?? 0, opts.host ?? "127.0.0.1", resolve);
  });
  return {
    port: (server.address() as net.AddressInfo).port,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
