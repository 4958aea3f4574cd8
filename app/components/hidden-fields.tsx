/** A form's fixed values, one hidden input each. */
export function HiddenFields({ fields }: { fields: Record<string, string | number> }) {
  return Object.entries(fields).map(([name, value]) => <input key={name} type="hidden" name={name} value={value} />);
}
