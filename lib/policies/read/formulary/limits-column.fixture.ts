// A drug list page with its limits column as given (symbols of a font without a usable text map, or the text
// recognition reads from the image), for the tests of reading that column.
import type { PdfPage } from "@/lib/documents/read-pdf";

/** The two limits cells as the text layer gives them: glyphs with no text map. */
export const UNREADABLE_LIMITS: [string, string] = ["\u0208\u0373\u037a\u02b9\u037a\u0208", "\u0208\u0373\u0377\u0375\u0372\u0208"];

/** Ondansetron and zolpidem rows with the given limits cells, and a celecoxib row with none. */
export function drugListPage(limits: [string, string]): PdfPage {
  return {
    page: 1,
    text: ["Drug Name | Drug Tier | Requirements/Limits", `ondansetron hcl tab 8 mg | 1 | ${limits[0]}`, `zolpidem tartrate tab 10 mg | 1 | ${limits[1]}`, "celecoxib cap 100 mg | 1"].join("\n"),
    layout: {
      width: 612,
      lines: [
        [[95, 154], [341, 392], [409, 521]],
        [[99, 218], [372, 381], [409, 538]],
        [[99, 231], [372, 381], [409, 538]],
        [[99, 199], [372, 381]],
      ],
    },
  };
}
