// The policy layout reader's worker thread: a family reader's layout analysis of a policy document's pages
// (readPolicyDocument, a second or more of CPU for a few hundred pages) runs here, never on the thread that answers
// requests. The reader is TypeScript (with `@/` paths and JSON imports): tsx's loader is registered in this thread
// with the project's tsconfig, and the reader is imported once, when the thread starts, and kept for the next
// documents (a pool of long-lived threads, lib/documents/pool/reading-pool.ts). The parent gives the thread a heap
// limit and terminates it when a reading takes too long. Messages:
// in {type: "read", id, pages}; out {type: "result", id, content, heapUsed}, {type: "error", id, name, message, heapUsed}.
import { parentPort } from "node:worker_threads";
import v8 from "node:v8";
import { fileURLToPath } from "node:url";
import { register } from "tsx/esm/api";

// The project folder, from this file's place (lib/policies/read/worker/), not from the working directory.
const ROOT = new URL("../../../../", import.meta.url);
register({ tsconfig: fileURLToPath(new URL("tsconfig.json", ROOT)) });

// Started at once: the first document then waits only for what is left of the load.
const reader = import(new URL("lib/policies/read/read-policy-document.ts", ROOT).href).then((module) => module.readPolicyDocument);
reader.catch(() => undefined); // reported with the first document

async function readOne(message) {
  try {
    const readPolicyDocument = await reader;
    const content = readPolicyDocument(message.pages);
    parentPort.postMessage({ type: "result", id: message.id, content, heapUsed: v8.getHeapStatistics().used_heap_size });
  } catch (error) {
    parentPort.postMessage({ type: "error", id: message.id, name: error instanceof Error ? error.name : "Error", message: error instanceof Error ? error.message : String(error), heapUsed: v8.getHeapStatistics().used_heap_size });
  }
}

// One document at a time: the pool sends the next message only after this one's answer.
parentPort?.on("message", (message) => message?.type === "read" && void readOne(message));
