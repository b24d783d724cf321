import { z } from "zod";

/** The range of a PostgreSQL integer column: a larger number is 400 here, never a database error. */
export const INT4_MAX = 2_147_483_647;
export const ZInt4 = z.number().int("must be a whole number").min(-INT4_MAX - 1).max(INT4_MAX, `must be at most ${INT4_MAX}`);

/** YYYY-MM-DD that is a real calendar date (2024-02-30 is refused). */
export const ZCalendarDate = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, "must be a date YYYY-MM-DD")
  .refine((value) => {
    const [y, m, d] = value.split("-").map(Number);
    const date = new Date(Date.UTC(y, m - 1, d));
    return date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
  }, "is not a real calendar date")
  .meta({ format: "date" });
