// A lease's fencing token: the pick's wall-clock time, but always above the token of the request's earlier lease.

/**
 * The rule both frontiers follow (Redis in `lua-ops.ts` lease_fence, the embedded one in `ready-pick.ts`). Item rows
 * keep the token (storage/item-fence.ts): of two rows of one key the later lease's wins, and a request ending under
 * a lease retires what its earlier leases stored. Time orders leases of different requests; above the earlier one
 * keeps a request's own leases in order when the clock stepped back between them (NTP, a resume on another machine).
 */
export function nextLeaseFence(nowMs: number, earlier: number | null): number {
  return earlier !== null && earlier >= nowMs ? earlier + 1 : nowMs;
}
