import { describe, expect, it } from "vitest";
import { waitingClockUpdate, type WaitingState } from "./waiting-clock";

const t = (iso: string) => new Date(`${iso}Z`);
const state = (over: Partial<WaitingState>): WaitingState => ({ status: "pending_review", dueAt: t("2025-11-10T00:00:00"), waitingSince: null, slaPaused: false, ...over });

describe("waitingClockUpdate", () => {
  // from | to | pause rule | expected update
  const rows: [string, WaitingState, string, boolean, string, object][] = [
    ["entering the wait records since when; the clock stops under the rule", state({}), "request_for_information", true, "2025-11-05T00:00:00", { waitingSince: t("2025-11-05T00:00:00"), slaPaused: true }],
    ["entering the wait without the rule keeps the clock running", state({}), "request_for_information", false, "2025-11-05T00:00:00", { waitingSince: t("2025-11-05T00:00:00"), slaPaused: false }],
    ["leaving a paused wait moves the due time by the time waited", state({ status: "request_for_information", waitingSince: t("2025-11-05T00:00:00"), slaPaused: true }), "Processing", true, "2025-11-07T12:00:00", { waitingSince: null, slaPaused: false, dueAt: t("2025-11-12T12:00:00") }],
    ["leaving a running wait keeps the due time", state({ status: "request_for_information", waitingSince: t("2025-11-05T00:00:00"), slaPaused: false }), "Succeeded", true, "2025-11-07T00:00:00", { waitingSince: null, slaPaused: false }],
    ["a new request while waiting changes nothing", state({ status: "request_for_information", waitingSince: t("2025-11-05T00:00:00"), slaPaused: true }), "request_for_information", true, "2025-11-06T00:00:00", {}],
    ["other moves change nothing", state({}), "approved", true, "2025-11-06T00:00:00", {}],
  ];
  it.each(rows)("%s", (_what, current, next, pause, now, expected) => {
    expect(waitingClockUpdate(current, next, { pauseClockWhileWaiting: pause, now: t(now) })).toEqual(expected);
  });
});
