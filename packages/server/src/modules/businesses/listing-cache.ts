/**
 * Tree listings as answered (their JSON, encoded once), per caller (or per set of callers that reach alike), for as
 * long as the tree revision they were read at stays current. A listing of a large tree costs a query over every
 * reachable node, the roll-up of device counts and megabytes of JSON; the tree changes far less often than the side
 * panel asks for it. Keyed by the revision read *before* the listing, so an entry is never older than its key (a
 * change committed in between only makes it newer). Bounded by bytes; entries of an older revision are dropped as
 * soon as a newer one is seen.
 */
export function createListingCache(budgetBytes: number) {
  let revision = -1;
  let bytes = 0;
  // Map order is insertion order: re-inserting on a hit keeps the least recently used first.
  const entries = new Map<string, Buffer>();

  function moveTo(current: number) {
    if (current === revision) return;
    revision = current;
    entries.clear();
    bytes = 0;
  }

  return {
    get(callerId: string, current: number): Buffer | undefined {
      moveTo(current);
      const json = entries.get(callerId);
      if (json !== undefined) {
        entries.delete(callerId);
        entries.set(callerId, json);
      }
      return json;
    },

    set(callerId: string, current: number, json: Buffer): void {
      // A listing read at a revision that is already past (a slower request) is not worth keeping.
      if (current < revision || json.length > budgetBytes) return;
      moveTo(current);
      const previous = entries.get(callerId);
      if (previous !== undefined) bytes -= previous.length;
      entries.delete(callerId);
      entries.set(callerId, json);
      bytes += json.length;
      for (const [oldest, value] of entries) {
        if (bytes <= budgetBytes) break;
        entries.delete(oldest);
        bytes -= value.length;
      }
    },
  };
}
