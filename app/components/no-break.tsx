/** A run of text holding a digit: a date, a time, an offset, an amount, an order number or a payment reference. */
const WITH_DIGIT = /(\S*\d\S*)/u;

/**
 * Text whose dates, numbers and references never break inside (issue 31 item 7: "2026-12-" / "26" on a German
 * sheet, receipt references split anywhere): a browser breaks after any hyphen, so each run holding a digit is
 * kept on one line and the text wraps only between words. The text itself is unchanged, for copying and reading.
 */
export function NoBreak({ text }: { text: string }) {
  return text.split(WITH_DIGIT).map((part, index) =>
    index % 2 === 1 ? (
      <span key={index} className="whitespace-nowrap">
        {part}
      </span>
    ) : (
      part
    ),
  );
}
