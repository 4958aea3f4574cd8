/**
 * Product-rules §3/§5: the SIM's remaining data arrives as text in MB with thousand separators ("12,345.67").
 * Above 1024 MB it shows in GB with 2 decimals, otherwise in whole MB.
 */
import { dataUnitFormat } from "./number-format.ts";

export type DataVolume = { unit: "GB" | "MB"; value: number };

export function parseRemainMb(remain: string | number | null | undefined): number | null {
  if (remain === null || remain === undefined) return null;
  if (typeof remain === "number") return Number.isFinite(remain) && remain >= 0 ? remain : null;
  const text = remain.trim().replace(/,/g, "");
  if (!/^\d+(\.\d+)?$/.test(text)) return null;
  return Number(text);
}

export function toDataVolume(mb: number): DataVolume {
  if (mb > 1024) return { unit: "GB", value: Math.round((mb / 1024) * 100) / 100 };
  return { unit: "MB", value: Math.floor(mb) };
}

/** In the language's own unit: "12.25 GB" in English, "12,25 Go" in French, "12,25 ГБ" in Russian. */
export function formatDataVolume(volume: DataVolume, locale: string): string {
  return volume.unit === "GB" ? dataUnitFormat(locale, "gigabyte", 2).format(volume.value) : dataUnitFormat(locale, "megabyte", 0).format(volume.value);
}
