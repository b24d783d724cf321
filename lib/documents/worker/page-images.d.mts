export const MAX_RECOGNITION_DPI: number;

export interface PageImage {
  /** [x0, y0, x1, y1] in PDF space. */
  rect: [number, number, number, number];
  /** Size in pixels, when known. */
  width: number | null;
  height: number | null;
}

export function pageImages(page: unknown, OPS: Record<string, number>): Promise<PageImage[]>;
export function recognitionDpi(images: readonly PageImage[], configuredDpi: number): number;
