/**
 * A run of text holding a digit: a date, a time, an offset, an amount, an order number or a payment reference. Only
 * Latin letters, digits (Western and Arabic-Indic) and the punctuation of numbers and references belong to a run: a
 * Chinese or Japanese sentence has no spaces, and a run of every non-space would keep a whole line from wrapping.
 */
const RUN_CHARACTER = "[A-Za-z0-9\\u0660-\\u0669\\u066B\\u066C_$¥€£+.,:/\\-]";
const WITH_DIGIT = new RegExp(`(${RUN_CHARACTER}*[0-9\\u0660-\\u0669]${RUN_CHARACTER}*)`, "u");

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
