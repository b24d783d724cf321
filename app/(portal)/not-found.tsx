import { NotFoundMessage } from "@/components/layout/not-found-message";

// notFound() from a portal page (an unknown case or policy id): inside the portal's header and navigation.
export default function PortalNotFound() {
  return <NotFoundMessage />;
}
