// What the reviewer is looking at: a fact or a policy step, and the evidence the document viewer should show.

export interface Selection {
  /** What was chosen, e.g. "Patient/…:name" or "step-3"; the viewer resets its own page choice when this changes. */
  key: string;
  /** Said to screen readers and shown above the document text, e.g. "Patient name". */
  label: string;
  documentId: string | null;
  page: number | null;
  start?: number;
  end?: number;
  quote: string;
  /** Claims the selection cites (step-therapy trials). */
  claimIds?: string[];
}

/** Whitespace-insensitive comparison of a stored span with its quote. */
export const sameText = (a: string, b: string) => a.replace(/\s+/g, " ").trim().toLowerCase() === b.replace(/\s+/g, " ").trim().toLowerCase();
