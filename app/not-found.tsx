import type { Metadata } from "next";
import { NotFoundMessage } from "@/components/layout/not-found-message";

export const metadata: Metadata = { title: "Not found · Prior Authorization Service" };

// Any address the app does not know (outside the signed-in portal's layout).
export default function NotFound() {
  return (
    <main id="main-content" className="px-4">
      <NotFoundMessage />
    </main>
  );
}
