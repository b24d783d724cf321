// Family (c) a formulary, drug list or preferred drug list with requirement codes. Placeholder until its reader lands: never detected.
import type { PolicyFamilyReader } from "../types";

export const formularyReader: PolicyFamilyReader = {
  family: "formulary",
  detect: () => 0,
  read: () => {
    throw new Error("formulary reader not implemented");
  },
};
