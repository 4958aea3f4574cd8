/** The look of one device in a device picker sheet, whether choosing is a link or a form button. */
export const deviceOptionClass = (chosen: boolean) =>
  `flex min-h-12 w-full items-center justify-between rounded-xl border px-4 py-3 ${chosen ? "border-sky-600 bg-sky-50" : "border-neutral-300"}`;

export function DeviceOptionText({ name, id }: { name: string; id: string }) {
  return (
    <>
      <span dir="auto">{name}</span>
      <span dir="ltr" className="font-mono text-xs text-neutral-500">
        {id}
      </span>
    </>
  );
}
