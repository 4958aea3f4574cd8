import { useTranslation } from "#app/i18n/context.tsx";

/** A price before its discount, struck through; a screen reader hears it named as the original price. */
export function StruckPrice({ price, className }: { price: string; className: string }) {
  const { t } = useTranslation();
  return (
    <s className={className}>
      <span className="sr-only">{t("packages.originPrice", { price })}</span>
      <span aria-hidden="true">{price}</span>
    </s>
  );
}
