// Kept for existing imports: the one edit-distance matcher lives in the lexicon.
export { allowedEdits, closestName, editDistance } from "@/lib/lexicon/fuzzy";
