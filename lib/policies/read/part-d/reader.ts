// Family (d) a Medicare Part D prior authorization criteria book (CMS template). Placeholder until its reader lands: never detected.
import type { PolicyFamilyReader } from "../types";

export const partDCriteriaReader: PolicyFamilyReader = {
  family: "part_d_criteria",
  detect: () => 0,
  read: () => {
    throw new Error("part_d_criteria reader not implemented");
  },
};
