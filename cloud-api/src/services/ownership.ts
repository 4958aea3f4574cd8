import { Status } from "#contract/codes.ts";
import { ApiError } from "#api/core/errors.ts";
import type { CloudApiEnv } from "#api/env.ts";
import { findDevice, findDeviceByIccid, type DeviceRow } from "#api/repositories/devices.ts";
import { findOrder, type OrderRow } from "#api/repositories/orders.ts";
import { requireCard } from "#api/services/cards.ts";
import type { ReadName, RequestReads } from "#api/services/request-reads.ts";

/** Every call that names a device must name one of the token's user (403 otherwise, existing or not). */
async function requireOwnedDevice(db: D1Database, userId: number, deviceId: string): Promise<DeviceRow> {
  return ownedDevice(await findDevice(db, deviceId), userId);
}

/** The device row read before the caller was known (docs/decisions/040), if it is the caller's. */
function ownedDevice(device: DeviceRow | null, userId: number): DeviceRow {
  if (!device || device.user_id !== userId) throw new ApiError(Status.forbidden, "device does not belong to this user", "device_not_yours");
  return device;
}

/** The device row of a SIM read before the caller was known, if it is the caller's. */
function ownedSim(device: DeviceRow | null, userId: number): DeviceRow {
  if (!device || device.user_id !== userId) throw new ApiError(Status.forbidden, "SIM card does not belong to this user", "device_not_yours");
  return device;
}

/** The token's user's order; another user's order is "not found" so that ids cannot be probed. */
function ownOrder(order: OrderRow | null, userId: number): OrderRow {
  if (!order || order.user_id !== userId) throw new ApiError(Status.notFound, "order not found", "order_not_found");
  return order;
}

/** A storage card refund's subject (product-rules §5): a scanned card, or else the chosen device. */
interface CardOrDevice {
  deviceId?: string | undefined;
  encryptCodeId?: string | undefined;
}

/** The device and the card a request names: a scanned card on whichever of the user's devices received it. */
async function ownedCardOrDevice(device: DeviceRow | null, { env, userId }: Caller, input: CardOrDevice) {
  if (input.encryptCodeId === undefined) return { device: ownedDevice(device, userId), codeId: undefined };
  const card = await requireCard(env, userId, "storage", input.encryptCodeId);
  if (card.status === 0 || !card.device_id) throw new ApiError(Status.conflict, "card not received yet", "card_not_received");
  const received = await requireOwnedDevice(env.DB, userId, card.device_id);
  // A request that names a device as well speaks of that device: a card received on another is none of its.
  if (input.deviceId !== undefined && input.deviceId !== card.device_id) throw new ApiError(Status.notFound, "no package was received with this card on this device", "no_card_package");
  return { device: received, codeId: card.code_id };
}

interface Caller {
  env: CloudApiEnv;
  userId: number;
}

/**
 * One kind of owner check an operation declares (docs/decisions/048): `read` finds the row its input names
 * before the caller is known, beside the replay record and the token lookup (it must not write); `check`
 * runs once every check of the caller passed, before the handler and before any early read reaches it,
 * and answers what the caller owns or refuses.
 */
interface OwnerCheck<In, Found, Owned> {
  /** The row `read` finds, named so that the calls of one request that name the same row read it once; null when it reads nothing. */
  rowOf(input: In): ReadName | null;
  read(db: D1Database, input: In): Promise<Found>;
  check(found: Found, caller: Caller, input: In): Owned | Promise<Owned>;
}

const ownerCheck = <In, Found, Owned>(check: OwnerCheck<In, Found, Owned>) => check;
const deviceRow = (deviceId: string): ReadName => ["device", deviceId];

/** The owner checks by name: what an operation's input must carry for each, and what its handler gets. */
export const OWNER_CHECKS = {
  /** Names nothing a user owns (the user's own data, or an app-level call). */
  none: ownerCheck({ rowOf: () => null, read: async (_db, _input: unknown) => undefined, check: () => undefined }),
  device: ownerCheck({
    rowOf: (input: { deviceId: string }) => deviceRow(input.deviceId),
    read: (db, input) => findDevice(db, input.deviceId),
    check: (device, { userId }) => ownedDevice(device, userId),
  }),
  sim: ownerCheck({
    rowOf: (input: { iccId: string }): ReadName => ["device of SIM", input.iccId],
    read: (db, input) => findDeviceByIccid(db, input.iccId),
    check: (device, { userId }) => ownedSim(device, userId),
  }),
  order: ownerCheck({ rowOf: (input: { orderId: string }): ReadName => ["order", input.orderId], read: (db, input) => findOrder(db, input.orderId), check: (order, { userId }) => ownOrder(order, userId) }),
  /** A scanned storage card, on whichever of the caller's devices received it, or else the chosen device. */
  card: ownerCheck({
    rowOf: (input: CardOrDevice) => (input.encryptCodeId === undefined ? deviceRow(input.deviceId ?? "") : null),
    read: (db, input) => (input.encryptCodeId === undefined ? findDevice(db, input.deviceId ?? "") : Promise.resolve(null)),
    check: ownedCardOrDevice,
  }),
};

export type OwnerKind = keyof typeof OWNER_CHECKS;
/** What an operation's input must carry for an owner check. */
export type OwnerInput<K extends OwnerKind> = Parameters<(typeof OWNER_CHECKS)[K]["read"]>[1];
/** What the handler of an operation gets from its owner check. */
export type Owned<K extends OwnerKind> = Awaited<ReturnType<(typeof OWNER_CHECKS)[K]["check"]>>;

/**
 * The owner row a call's input names, read once for every call of its request that names it: a purchase screen's
 * batch names the same device in four of its six calls (docs/decisions/069). Each call still runs its own check on the row.
 */
export function ownerRow(reads: RequestReads, kind: OwnerKind, input: unknown): Promise<unknown> {
  const owner = OWNER_CHECKS[kind];
  const row = owner.rowOf(input as never);
  return row === null ? owner.read(reads.db, input as never) : reads.once<unknown>(row, (db) => owner.read(db, input as never));
}
