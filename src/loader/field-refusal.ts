// A field an output processor refuses to fill: the item gets the field as null and `<field>Refusal` with the reason.
/**
 * Returned by an output processor when the values do not determine the field (two different prices on one page).
 * The loader writes `price: null, priceRefusal: 'price/ambiguous'`: the pipeline drops the item with that reason,
 * as it does for a spider that refused by hand, and the run's stats count it.
 */
export class FieldRefusal {
  constructor(
    /** A stable code (`price/ambiguous`): the drop reason and stats key. */
    readonly reason: string,
    /** What the values were, for the log and the drop's detail. */
    readonly detail: string,
  ) {}
}
