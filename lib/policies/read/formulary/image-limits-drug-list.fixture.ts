// A drug list whose Requirements/Limits column is drawn as images (no text layer), written here in our own words in
// the layout such marketplace drug lists use: the limits must be recognised from the page image. Used by the unit
// tests of cell recognition and by the e2e tests of the background re-read.
import { PDFDocument, StandardFonts } from "pdf-lib";
import { renderPng } from "@/lib/documents/test-fixtures";

export interface ImageLimitsRow {
  drug: string;
  tier: string;
  limits: string | null;
}

export const IMAGE_LIMITS_ROWS: ImageLimitsRow[] = [
  { drug: "rizatriptan tab 10 mg", tier: "2", limits: "QL (12 tabs per 30 days)" },
  { drug: "eletriptan tab 40 mg", tier: "3", limits: "QL (6 tabs every 30 days)" },
  { drug: "zolpidem tartrate tab 10 mg", tier: "1", limits: "QL (15 tabs per 30 days)" },
  { drug: "ondansetron odt 8 mg", tier: "1", limits: "QL (18 tabs per 30 days)" },
  { drug: "sertraline tab 50 mg", tier: "1", limits: null },
];

const [NAME, TIER, LIMITS] = [60, 300, 370];

async function cellPng(text: string): Promise<Buffer> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  doc.addPage([200, 14]).drawText(text, { x: 2, y: 3.5, size: 9, font });
  return renderPng(await doc.save(), 4);
}

export async function imageLimitsDrugList(plan = "Larkspur Health Plan", rows = IMAGE_LIMITS_ROWS, heading = "HEADACHE, NAUSEA AND SLEEP AGENTS"): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  const page = doc.addPage([612, 792]);
  let y = 740;
  const line = (items: [number, string][], f = font, size = 9) => {
    for (const [x, text] of items) page.drawText(text, { x, y, size, font: f });
    y -= 14;
  };
  line([[NAME, `${plan} 2026 Drug List`]], bold, 13);
  line([[NAME, "Effective 01/01/2026"]]);
  y -= 10;
  line([[NAME, "PA - Prior Authorization"]]);
  line([[NAME, "QL - Quantity Limit"]]);
  line([[NAME, "ST - Step Therapy"]]);
  y -= 10;
  line([[NAME, "Drug Name"], [TIER, "Drug Tier"], [LIMITS, "Requirements/Limits"]], bold);
  line([[NAME - 12, heading]], bold);
  for (const row of rows) {
    if (row.limits) {
      const image = await doc.embedPng(await cellPng(row.limits));
      page.drawImage(image, { x: LIMITS - 2, y: y - 3.5, width: 200, height: 14 });
    }
    line([[NAME, row.drug], [TIER, row.tier]]);
  }
  return doc.save();
}
