// The worker thread that recognises table cells of a PDF (recognise-cells.mjs); the parent
// (lib/documents/recognise-cells-in-worker.ts) limits its memory and time. Messages to the parent:
// {type: "progress", done, total}, {type: "result", cells}, {type: "error", message}.
import { parentPort, workerData } from "node:worker_threads";
import { loadPdfjs, openPdf } from "./read-pdf-core.mjs";

async function main() {
  const { bytes, cells, maxCells, timeoutMs } = workerData;
  let doc = null;
  let ocr = null;
  try {
    const pdfjs = await loadPdfjs();
    doc = await openPdf(bytes);
    ocr = await import("./ocr.mjs");
    ocr.canvasModule();
    const { recogniseCells } = await import("./recognise-cells.mjs");
    const result = await recogniseCells(doc, cells, {
      maxCells,
      deadline: Date.now() + timeoutMs,
      OPS: pdfjs.OPS,
      onCell: (done, total) => parentPort.postMessage({ type: "progress", done, total }),
    });
    parentPort.postMessage({ type: "result", cells: result });
  } catch (error) {
    parentPort.postMessage({ type: "error", message: error instanceof Error ? error.message : String(error) });
  } finally {
    if (ocr) await ocr.stopRecognizer();
    if (doc) await doc.destroy();
  }
}

if (parentPort && workerData?.cells) await main();
