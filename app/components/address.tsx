/**
 * An e-mail or web address that may break only after "@" or "/" and before a dot, never inside a name (a support
 * address at 320 px read "support@camcloud.e" / "xample"); one part too long for any line still breaks within itself.
 */
export function Address({ text }: { text: string }) {
  return (
    <span dir="ltr" className="wrap-break-word">
      {text.split(/(?<=[@/])|(?=\.)/).flatMap((part, index) => (index === 0 ? [part] : [<wbr key={index} />, part]))}
    </span>
  );
}
