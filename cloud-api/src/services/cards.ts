import { ServiceType } from "#domain/services.ts";
import type { CloudApiEnv } from "#api/env.ts";
import { nowSeconds } from "#api/core/clock.ts";
import { cardLookupKey } from "#api/core/card-codes.ts";
import { Status } from "#contract/codes.ts";
import { ApiError } from "#api/core/errors.ts";
import { readBesideCheck } from "#api/core/beside-check.ts";
import { packageToWire } from "#api/services/package-wire.ts";
import { limitLookups } from "#api/services/lookup-limits.ts";
import { addVipDataOfDevice } from "#api/services/vip-data.ts";
import type { DeviceRow } from "#api/repositories/devices.ts";
import { grantStatement } from "#api/repositories/entitlements.ts";
import { findPackage } from "#api/repositories/packages.ts";
import {
  cardsReceivedOn,
  findCard,
  receiveCardStatement,
  refundCardsStatements,
  type CardKind,
  type CardSelector,
  type ServiceCardRow,
} from "#api/repositories/service-cards.ts";

const SOURCE = { vip: "vip_card", storage: "storage_card" } as const;

/**
 * The refund-package view (product-rules §3 "Refund package response"): the packages received on a device with
 * cards, and whether they are refunded (all of them are). None at all is a 404, which the refund
 * screen shows as refunded with the message.
 */
export async function receivedPackages(db: D1Database, deviceId: string, kind: CardKind | null, language: string, codeId?: string) {
  const cards = (await cardsReceivedOn(db, deviceId, kind)).filter((card) => codeId === undefined || card.code_id === codeId);
  if (cards.length === 0) throw new ApiError(Status.notFound, "no package was received with a card on this device", "no_card_package");
  return {
    isRefunded: cards.every((card) => card.status === 2),
    packageInfoList: cards.map((card) => packageToWire(card, language)),
  };
}

/**
 * The card a scanned code names, for a user whose card-code lookups are within their limit (a seeded code is
 * guessable). A revoked card is no card.
 */
export async function requireCard(env: CloudApiEnv, userId: number, kind: CardKind, code: string): Promise<ServiceCardRow> {
  const lookupKey = await cardLookupKey(env.CARD_CODE_SECRET, code);
  const [, card] = await readBesideCheck(limitLookups(env, env.CARD_LOOKUPS, `cards:user:${userId}`, "card code lookups"), findCard(env.DB, kind, { code, lookupKey }));
  if (!card) throw new ApiError(Status.notFound, `no ${kind} card with this code`, "card_not_found");
  return card;
}

/**
 * receive_vip_card_package: the card's period on the chosen device, until its batch's expiry; of two receives
 * at once (or a receive and a revoke), one wins.
 */
export async function receiveCard(env: CloudApiEnv, card: ServiceCardRow, device: DeviceRow): Promise<void> {
  if (card.status !== 0) throw new ApiError(Status.conflict, "card already received", "card_already_received");
  const now = nowSeconds();
  if (card.expire_time !== null && card.expire_time <= now) throw new ApiError(Status.conflict, "the card has expired", "card_expired");
  const pkg = await findPackage(env.DB, card.package_id);
  if (!pkg) throw new ApiError(Status.notFound, "the card's package no longer exists", "card_package_missing");
  const [received] = await env.DB.batch([
    receiveCardStatement(env.DB, card.code_id, device.id, now),
    // Guarded by the unique (source, source_ref): the loser of a race cannot grant a second period.
    await grantStatement(
      env.DB,
      {
        deviceId: device.id,
        serviceType: pkg.service_type,
        packageId: pkg.id,
        serviceName: pkg.service_name,
        periodDays: pkg.period_days,
        status: pkg.is_unlimited ? 2 : 1,
        source: SOURCE[card.kind],
        sourceRef: card.code_id,
      },
      now,
    ),
  ]);
  if (!received?.meta.changes) throw new ApiError(Status.conflict, "card already received", "card_already_received");
  if (pkg.service_type === ServiceType.vip) await addVipDataOfDevice(env.DB, device.id, now);
}

/**
 * Cancels the packages received with cards that the selector names: the cards become refunded and
 * their periods are revoked, in one batch. False when they were refunded already (nothing changes).
 */
export async function refundCards(db: D1Database, selector: CardSelector): Promise<boolean> {
  const [, , refunded] = await db.batch(refundCardsStatements(db, selector, nowSeconds()));
  return (refunded?.meta.changes ?? 0) > 0;
}
