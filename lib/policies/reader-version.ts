// A stored parsed policy carries the version of the reader that read it (the policy engine's content hash,
// lib/engine-versions.ts). When the reader has changed since, the policy is flagged "read by an older reader" and can
// be re-read from its document; a policy stored before versions were recorded counts as read by an older reader.
import { engineVersion } from "@/lib/engine-versions";

export interface ReaderStamp {
  readerVersion?: string;
}

export interface ReaderStatus {
  reader_version: string | null;
  current_reader_version: string;
  /** True when the policy was read by another (older) reader than the current one. */
  reread_recommended: boolean;
  message: string | null;
}

export const currentReaderVersion = (): string => engineVersion("policy");

/** The parsed policy with the current reader's version, to store. */
export function stampReaderVersion<T extends object>(parsed: T, version: string = currentReaderVersion()): T & { readerVersion: string } {
  return { ...parsed, readerVersion: version };
}

/** Whether a stored parsed policy was read by the current reader. */
export function readerStatus(parsed: unknown, current: string = currentReaderVersion()): ReaderStatus {
  const stamped = parsed && typeof parsed === "object" ? (parsed as ReaderStamp).readerVersion : undefined;
  const version = typeof stamped === "string" ? stamped : null;
  const stale = version !== current;
  return {
    reader_version: version,
    current_reader_version: current,
    reread_recommended: stale,
    message: stale ? `read by an older reader${version ? ` (${version})` : ""}: re-read it to apply the current reader (${current})` : null,
  };
}
