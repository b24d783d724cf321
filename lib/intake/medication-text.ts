import type { IntakeMedicationRequest } from "./types";

const squash = (s: string) => s.toLowerCase().replace(/\s+/g, "");

/** The medication as a person reads it: its name, with the strength and form a form gave apart when the name lacks them. */
export function medicationText(mr: Pick<IntakeMedicationRequest, "name" | "strength" | "dosageForm">): string {
  const name = mr.name.replace(/\s+/g, " ").trim();
  const extras = [mr.strength, mr.dosageForm].map((x) => (x ?? "").replace(/\s+/g, " ").trim()).filter((x) => x && !squash(name).includes(squash(x)));
  return [name, ...extras].join(" ");
}
