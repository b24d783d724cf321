// Family (b) a multi-drug criteria table. Placeholder until its reader lands: never detected.
import type { PolicyFamilyReader } from "../types";

export const criteriaTableReader: PolicyFamilyReader = {
  family: "criteria_table",
  detect: () => 0,
  read: () => {
    throw new Error("criteria_table reader not implemented");
  },
};
