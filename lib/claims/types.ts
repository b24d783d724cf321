// The claim shapes of the supporting-information request (spec 2.4), under the names the claims code uses. The zod
// schemas in lib/schemas/supporting-information.ts are the one definition; these aliases cannot drift from them.
export type { TClaimRecord as ClaimRecord, TTestClaim as TestClaim } from "@/lib/schemas/supporting-information";
