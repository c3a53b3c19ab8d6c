// Moves of a sample order: staff's, shared by the staff API and the orders CLI, and the customer's cancel:
// pending → inStock → shipped (carrier and tracking number) → signed → done, or rejected (with a reason)
// before shipping. Each move is one transaction that also writes the history record and queues the
// applicant's e-mail (order_mail_outbox, delivered by mail-outbox.ts), so no move goes untold.
import { canMoveOrder, customerCanCancel, nextOrderStatus, orderMoveRequirements, type OrderStatus } from "../../../shared/samples/order-status.ts";
import { fieldLimits, isValidText } from "../../../shared/forms/validation.ts";
import { transaction, type Database } from "../db.ts";
import { ApiError } from "../http.ts";
import { orderMailQueue } from "./mail-outbox.ts";
import { carrierNames, findCarrier } from "../../../shared/samples/carriers.ts";
import { errorMessage, hasHiddenCharacters, hiddenCharactersCode } from "../../../shared/contract/index.ts";

export interface MoveDetails {
  note?: string | undefined;
  carrier?: string | undefined;
  trackingNumber?: string | undefined;
}

/** Who moved: the bearer-token API, the CLI, or a console member by e-mail (docs/decisions/024-staff-console.md). */
export type MoveActor = "staff-api" | "cli" | `staff:${string}`;

export function optionalText(value: string | undefined, max: number): string | null {
  if (value === undefined || value.trim() === "") return null;
  if (!isValidText(value, max)) throw new ApiError("E40000002");
  // The CLI's arguments reach here without the contract: the same refusal as the staff API's.
  if (hasHiddenCharacters(value)) throw new ApiError(hiddenCharactersCode);
  return value.trim();
}

/** A move's details checked and normalised, before any transaction (the same refusals for the CLI as the API). */
export interface MoveInput {
  note: string | null;
  carrier: string | null;
  trackingNumber: string | null;
}

export function moveInput(details: MoveDetails): MoveInput {
  const note = optionalText(details.note, fieldLimits.note);
  const typed = optionalText(details.carrier, fieldLimits.carrier);
  // Only a carrier whose tracking page the site can link; stored under its one name.
  const carrier = typed === null ? null : (findCarrier(typed)?.name ?? null);
  if (typed !== null && carrier === null) {
    throw new ApiError("E40023005", { message: errorMessage("E40023005", "en", { carriers: carrierNames.join(", ") }) });
  }
  return { note, carrier, trackingNumber: optionalText(details.trackingNumber, fieldLimits.trackingNumber) };
}

/** What a move writes: the new status, the order's changed columns and the history record's. */
export interface MoveDecision {
  target: OrderStatus;
  carrier: string | null;
  trackingNumber: string | null;
  rejectReason: string | null;
  note: string | null;
}

/** Staff's move of an order found in `from` (or none), decided over the checked input. Shared by both stores. */
export function decideMove(from: OrderStatus | undefined, to: OrderStatus | "next", input: MoveInput): MoveDecision {
  if (from === undefined) throw new ApiError("E40022006");
  const target = to === "next" ? nextOrderStatus(from) : to;
  if (target === null || !canMoveOrder(from, target)) throw new ApiError("E40023002");
  const needs = orderMoveRequirements(target);
  if ((needs.carrier && !input.carrier) || (needs.trackingNumber && !input.trackingNumber)) throw new ApiError("E40023003");
  if (needs.note && !input.note) throw new ApiError("E40023004");
  const shipping = target === "shipped";
  return {
    target,
    carrier: shipping ? input.carrier : null,
    trackingNumber: shipping ? input.trackingNumber : null,
    rejectReason: target === "rejected" ? input.note : null,
    note: input.note,
  };
}

/** The customer's cancel of their own order found in `from` (or none): refused unless it is still pending. */
export function decideCancel(from: OrderStatus | undefined): void {
  // Someone else's order answers exactly like a missing one.
  if (from === undefined) throw new ApiError("E40022006");
  if (!customerCanCancel(from)) throw new ApiError("E40022016");
}

export function createOrderMoves(db: Database, now: () => number) {
  const find = db.prepare("SELECT id, status FROM sample_orders WHERE order_number = ?");
  const update = db.prepare(
    `UPDATE sample_orders SET status = ?, updated_at = ?,
       carrier = COALESCE(?, carrier), tracking_number = COALESCE(?, tracking_number), reject_reason = COALESCE(?, reject_reason)
     WHERE id = ? AND status = ?`,
  );
  const insertRecord = db.prepare("INSERT INTO sample_order_records (order_id, status, note, carrier, tracking_number, actor, created_at) VALUES (?, ?, ?, ?, ?, ?, ?)");
  const queueMail = orderMailQueue(db);

  /** Moves the order to `to` (or along the happy path when `to` is "next"); returns the new status. */
  function move(orderNumber: string, to: OrderStatus | "next", details: MoveDetails, actor: MoveActor): { from: OrderStatus; to: OrderStatus } {
    const input = moveInput(details);
    return transaction(db, () => {
      const order = find.get(orderNumber) as { id: number; status: OrderStatus } | undefined;
      const move = decideMove(order?.status, to, input);
      const t = now();
      update.run(move.target, t, move.carrier, move.trackingNumber, move.rejectReason, order!.id, order!.status);
      const record = insertRecord.run(order!.id, move.target, move.note, move.carrier, move.trackingNumber, actor, t);
      queueMail(order!.id, Number(record.lastInsertRowid), t);
      return { from: order!.status, to: move.target };
    });
  }

  const findOwn = db.prepare("SELECT id, status FROM sample_orders WHERE order_number = ? AND user_id = ?");

  /** The customer's own cancel while the order is pending; like a staff move, it is recorded and e-mailed. */
  function cancel(orderNumber: string, userId: number, reason: string | undefined): void {
    const note = optionalText(reason, fieldLimits.note);
    transaction(db, () => {
      const order = findOwn.get(orderNumber, userId) as { id: number; status: OrderStatus } | undefined;
      decideCancel(order?.status);
      const t = now();
      update.run("cancelled", t, null, null, null, order!.id, order!.status);
      const record = insertRecord.run(order!.id, "cancelled", note, null, null, "customer", t);
      queueMail(order!.id, Number(record.lastInsertRowid), t);
    });
  }

  return {
    move,
    cancel,
    advance: (orderNumber: string, details: MoveDetails, actor: MoveActor) => move(orderNumber, "next", details, actor),
    reject: (orderNumber: string, reason: string, actor: MoveActor) => move(orderNumber, "rejected", { note: reason }, actor),
  };
}

export type OrderMoves = ReturnType<typeof createOrderMoves>;
