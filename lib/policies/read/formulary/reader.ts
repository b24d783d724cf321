// Family (c) a formulary, drug list or preferred drug list with requirement codes per drug.
import type { PolicyFamilyReader } from "../types";
import { detectFormulary } from "./detect";
import { readFormulary } from "./read-formulary";

export const formularyReader: PolicyFamilyReader = {
  family: "formulary",
  detect: detectFormulary,
  read: readFormulary,
};
