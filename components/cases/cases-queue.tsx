"use client";

import { usePathname, useRouter, useSearchParams } from "next/navigation";
import { useCallback, useState } from "react";
import { CasesTable } from "./cases-table";
import { filtersFromSearch, filtersToQuery, NO_FILTERS, QueueFilterBar, type QueueFilters } from "./queue-filters";
import { QueueViewTabs } from "./queue-view-tabs";

/** The work queue with its filters in the URL. */
export function CasesQueue({ me }: { me: { id: string; role?: string } }) {
  const search = useSearchParams();
  const router = useRouter();
  const pathname = usePathname();
  // The controls answer at once; the URL follows (and Back or a shared link brings the filters back).
  const searchString = search.toString();
  const [filters, setLocal] = useState(() => filtersFromSearch(new URLSearchParams(searchString)));
  const [seenSearch, setSeenSearch] = useState(searchString);
  if (searchString !== seenSearch) {
    setSeenSearch(searchString);
    setLocal(filtersFromSearch(new URLSearchParams(searchString)));
  }
  const setFilters = useCallback(
    (next: QueueFilters) => {
      setLocal(next);
      const query = filtersToQuery(next).replace(/(^|&)(sort=newest|view=open)(?=&|$)/g, "").replace(/^&+|&+$/g, "").replace(/&&+/g, "&");
      router.replace(query ? `${pathname}?${query}` : pathname, { scroll: false });
    },
    [router, pathname],
  );
  return (
    <div className="space-y-4">
      <QueueViewTabs view={filters.view} onChange={(view) => setFilters({ ...filters, view })} />
      <QueueFilterBar filters={filters} onChange={setFilters} />
      <CasesTable filters={filters} me={me} onClearFilters={() => setFilters({ ...NO_FILTERS, view: filters.view, sort: filters.sort })} />
    </div>
  );
}
