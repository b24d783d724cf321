import { expect, type APIRequestContext } from "@playwright/test";

export interface PriorAuth {
  id: string; case_id: string; status: string; intake_status: string; document_url: string | null; failure_reason: string | null;
  expedited: boolean; patient_name: string | null; drug_name: string | null; assignee: { id: string; email: string } | null;
  sla_due_at: string | null; decided_at: string | null; received_at: string; created_at: string; updated_at: string;
  unchecked_reason?: string | null;
}

export function apiClient(request: APIRequestContext, apiKey: string) {
  const headers = { "X-API-Key": apiKey };
  return {
    create: (data: unknown, extra: Record<string, string> = {}) => request.post("/api/v1/prior_auths", { headers: { ...headers, ...extra }, data }),
    get: (id: string) => request.get(`/api/v1/prior_auths/${id}`, { headers }),
    getJson: async (id: string): Promise<PriorAuth> => (await request.get(`/api/v1/prior_auths/${id}`, { headers })).json(),
    list: (query: string) => request.get(`/api/v1/prior_auths?${query}`, { headers }),
    cancel: (id: string, reason?: string) => request.post(`/api/v1/prior_auths/${id}/cancel`, { headers, ...(reason ? { data: { reason } } : {}) }),
    events: async (id: string): Promise<{ action: string; details: Record<string, unknown> }[]> =>
      (await (await request.get(`/api/v1/prior_auths/${id}/events`, { headers })).json()).data,
    documents: async (id: string) => (await (await request.get(`/api/v1/prior_auths/${id}/documents`, { headers })).json()).data,
    raw: (method: "GET" | "POST", path: string, data?: unknown) => request.fetch(`/api/v1${path}`, { method, headers, data }),
    headers,
  };
}

/** Polls until the case leaves Processing. */
export async function waitForFinal(client: ReturnType<typeof apiClient>, id: string, timeoutMs = 45_000): Promise<PriorAuth> {
  let last: PriorAuth | undefined;
  await expect
    .poll(async () => {
      last = await client.getJson(id);
      return last.status;
    }, { timeout: timeoutMs, intervals: [200, 300, 500] })
    .not.toBe("Processing");
  return last!;
}

/** An error answer: the status, and exactly the spec's body `{error, message}`; returns the body. */
export async function expectErrorBody(response: Awaited<ReturnType<APIRequestContext["get"]>>, status: number, message?: RegExp | string) {
  expect(response.status(), await response.text()).toBe(status);
  const body = (await response.json()) as { error: number; message: string };
  expect(body).toEqual({ error: status, message: expect.any(String) });
  if (typeof message === "string") expect(body.message).toContain(message);
  else if (message) expect(body.message).toMatch(message);
  return body;
}
