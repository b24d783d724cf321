import { withWorkspace } from "@/lib/api/with-workspace";
import { json } from "@/lib/api/responses";
import { countQueueViews } from "@/lib/prior-auths/count-queue-views";

export const dynamic = "force-dynamic";

// GET /prior_auths/counts - how many cases each work-queue view holds (open, needs_review, mine, waiting, overdue, decided, all)
export const GET = withWorkspace(async ({ workspace, actor }) => {
  return json({ counts: await countQueueViews({ workspaceId: workspace.id, userId: actor.type === "user" ? actor.id : null }) });
});
