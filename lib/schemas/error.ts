import { z } from "zod";

/** The spec's error body (section 2.8): the HTTP status again, and a message naming what went wrong. */
export const ZErrorBody = z.object({
  error: z.int32().meta({ format: "int32" }),
  message: z.string(),
});
