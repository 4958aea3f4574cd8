/**
 * Product-rules §3/§5: the SIM's remaining data arrives as text in MB with thousand separators ("12,345.67").
 * Above 1024 MB it shows in GB with 2 decimals, otherwise in whole MB.
 */
import { fixedDecimals } from "./number-format.ts";

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

export function formatDataVolume(volume: DataVolume, locale: string): string {
  const digits = volume.unit === "GB" ? 2 : 0;
  return `${fixedDecimals(locale, digits).format(volume.value)} ${volume.unit}`;
}
