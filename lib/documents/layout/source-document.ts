// One document of a case as the reader stores it and every engine reads it: text per page, the PDF reader's cell
// positions, where the text came from. Stored pages (Document.pages, PolicyVersion.pages) are read back through the
// schema below, whose type is checked against the interface. Read loose: the reader stores more about a page than the
// engines name (a recognised page's words), kept as stored.
import { z } from "zod";
import { readStoredRecord, type Same } from "@/lib/stored-record";
import type { PageLayout } from "./page-layout";

/** One document of a case as the pipeline stored it. */
export interface SourceDocument {
  id: string;
  name: string;
  contentType: string; // application/pdf | text/plain | application/json | application/fhir+json
  /** Text per page (PDF: reading-order lines joined with "\n"; text: a single page 1). Empty for JSON. */
  pages: { page: number; text: string; layout?: PageLayout; source?: "text" | "ocr" }[];
  /** Parsed JSON for JSON documents (FHIR resource or Bundle). */
  json?: unknown;
}

export const ZPageLayout = z.object({ width: z.number(), lines: z.array(z.array(z.tuple([z.number(), z.number()]))) });

export const ZSourcePage = z.object({
  page: z.number(),
  text: z.string(),
  layout: ZPageLayout.optional(),
  source: z.enum(["text", "ocr"]).optional(),
});

const agree: [Same<z.infer<typeof ZPageLayout>, PageLayout>, Same<z.infer<typeof ZSourcePage>, SourceDocument["pages"][number]>] = [true, true];
void agree;

/**
 * A stored list of pages, as the engines read them (or through `page`, a richer page's schema): none when nothing was
 * stored (a JSON document). Their shape has not changed since pages were first stored (later keys are optional);
 * pages that do not parse are reported.
 */
export function readStoredPages(stored: unknown, record: string): SourceDocument["pages"];
export function readStoredPages<T>(stored: unknown, record: string, page: z.ZodType<T>): T[];
export function readStoredPages(stored: unknown, record: string, page: z.ZodType = ZSourcePage.loose()): unknown[] {
  if (stored === null || stored === undefined) return [];
  return readStoredRecord(z.array(page), stored, { record, remedy: "upload the document again so that it is read again" });
}
