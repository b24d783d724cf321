import { engineVersion } from "@/lib/engine-versions";

/** Recorded with every stored intake: a content hash of the extraction code and data that produced it. */
export const INTAKE_ENGINE_VERSION = engineVersion("intake");
