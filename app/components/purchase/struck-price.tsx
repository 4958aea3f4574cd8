/**
 * A price before a discount, struck through; a screen reader hears `label`, which names which price it is: a
 * package's original price and the total before the coupon are two different amounts on one screen.
 */
export function StruckPrice({ price, label, className }: { price: string; label: string; className: string }) {
  return (
    <s className={className}>
      <span className="sr-only">{label}</span>
      <span aria-hidden="true">{price}</span>
    </s>
  );
}
