// Who did something, as the audit trail records it: an API key, a SMART backend client (/fhir bearer tokens) or a
// signed-in member (and their role), or the system.
// It lives beside the audit trail, not in the API wrapper that resolves it, so that domain code naming an actor does
// not import the HTTP layer.

export type Role = "admin" | "reviewer";

export interface Actor {
  type: "api_key" | "smart_client" | "user";
  id: string;
  /** What the audit trail shows: the key's or client's name, or the user's email. */
  label: string;
  role: Role | "system";
}
