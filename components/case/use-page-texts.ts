"use client";

import { useMemo } from "react";
import { useCaseDocuments } from "@/lib/portal/case-queries";

/** The text of every page of the case's documents (the viewer's query, shared): where a quoted table row's headers are. */
export function usePageTexts(priorAuthId: string): string[] {
  const documents = useCaseDocuments(priorAuthId, true).data?.data;
  return useMemo(() => (documents ?? []).flatMap((d) => (d.pages ?? []).map((p) => p.text ?? "")), [documents]);
}
