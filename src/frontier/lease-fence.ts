// A lease's fencing token: the pick's time, but always above every token its run gave out before.

/**
 * The rule both frontiers follow (Redis in `lua-ops.ts` lease_fence, the embedded one in `ready-pick.ts`). Item rows
 * keep the token (storage/item-fence.ts): of two rows of one key the later lease's wins, and a request ending under
 * a lease retires what its earlier leases stored. Time orders leases across runs; `earlier`, the greatest token the
 * run gave out (kept in its store, read in the step that gives this one), keeps every later lease above every
 * earlier one when the clock stepped back between them (NTP, a VM restored, a resume on another machine). Above
 * only the request's own earlier lease was not enough: rows of one key come from several requests (a product under
 * two URLs), and a paused worker's lease taken before the step outranked a newer request's lease after it.
 */
export function nextLeaseFence(nowMs: number, earlier: number | null): number {
  return earlier !== null && earlier >= nowMs ? earlier + 1 : nowMs;
}
