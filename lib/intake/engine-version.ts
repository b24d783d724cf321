/** Recorded with every stored intake, so a result can be traced to the extraction code that produced it. */
export const INTAKE_ENGINE_VERSION = "intake-1.0.0";
