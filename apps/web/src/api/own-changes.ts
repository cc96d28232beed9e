/**
 * The change ids this tab's own writes recorded, as their answers name them
 * (LIVE_CHANGE_IDS_HEADER; read in base-query.ts): the stream frames with these ids are this tab's
 * echo (api/live-updates.ts). Other tabs, even of the same session, never see these answers, so
 * they refetch. The last few hundred are kept: an echo arrives within seconds of its answer.
 */
const KEPT = 500;
const own = new Set<string>();

export function rememberOwnChanges(header: string | null | undefined): void {
  if (!header) return;
  for (const id of header.split(',')) {
    own.delete(id);
    own.add(id);
    if (own.size > KEPT) {
      const oldest = own.values().next().value;
      if (oldest !== undefined) own.delete(oldest);
    }
  }
}

/** Whether this tab's own write recorded the change with this id. */
export const isOwnChange = (changeId: string | undefined): boolean =>
  changeId !== undefined && own.has(changeId);
