// The sample-order calls of SPEC §7 (all need a session): the list, the applicant pre-fill, submitting,
// the user's orders with their status history, and cancelling one's own pending order.
import type { Router } from "express";
import {
  addSampleProduct,
  cancelSampleOrder,
  modifySampleProduct,
  querySampleOrderCounts,
  reorderSampleOrder,
  queryOrderList,
  querySampleOrderByPage,
  querySampleOrderRecordList,
  queryUserInfoById,
  removeSampleProduct,
  submitSampleOrder,
} from "../../../shared/contract/index.ts";
import { ApiError, mountCall, type MountOptions } from "../http.ts";
import type { SampleList } from "./list.ts";
import type { OrderMoves } from "./moves.ts";
import { checkApplicant, type ApplicantProfiles } from "../applicants/profiles.ts";
import type { SampleOrders } from "./orders.ts";
import type { AccountStore } from "../accounts/store.ts";

export function mountSampleRoutes(
  router: Router,
  list: SampleList,
  orders: SampleOrders,
  options: MountOptions,
  /** Submitting and cancelling queue e-mails like staff moves; onMove sends them without making the answer wait. */
  customer: { moves: OrderMoves; onMove: () => void; profiles: ApplicantProfiles; accounts: Pick<AccountStore, "user"> },
) {
  // auth: true guarantees a user id in every handler below.
  const uid = (userId: number | null) => userId!;

  mountCall(
    router,
    addSampleProduct,
    ({ body, userId, language }) => {
      list.add(uid(userId), body.siteListId, language, body.confirmNrnd === true);
      return list.view(uid(userId), language);
    },
    options,
  );
  mountCall(router, queryOrderList, ({ userId, language }) => list.view(uid(userId), language), options);
  mountCall(
    router,
    removeSampleProduct,
    ({ query, userId, language }) => {
      list.remove(uid(userId), query.ID);
      return list.view(uid(userId), language);
    },
    options,
  );
  mountCall(
    router,
    modifySampleProduct,
    ({ body, userId, language }) => {
      list.modify(uid(userId), body.ID, body.quantity, language);
      return list.view(uid(userId), language);
    },
    options,
  );

  mountCall(
    router,
    queryUserInfoById,
    async ({ query, userId }) => {
      if (query.userId !== userId) throw new ApiError("E40300001");
      const row = (await customer.accounts.user(uid(userId)))!;
      return { userId: row.userId, phone: row.phone, email: row.email, applicant: customer.profiles.get(uid(userId)) };
    },
    options,
  );

  mountCall(
    router,
    submitSampleOrder,
    ({ body, userId, language }) => {
      const { applicant, sampleUse } = checkApplicant(body.applicant, body.sampleUse);
      if (!body.evaluationOnly) throw new ApiError("E40022018");
      const submitted = orders.submit(uid(userId), language, applicant, sampleUse, body.addressId);
      // The next form is prefilled with these details (the account page can change or delete them).
      customer.profiles.save(uid(userId), applicant);
      customer.onMove();
      return submitted;
    },
    options,
  );

  mountCall(
    router,
    querySampleOrderByPage,
    ({ body, userId, language }) => {
      const page = orders.page({ userId: uid(userId), status: body.status, pageIndex: body.pageIndex, pageSize: body.pageSize }, language);
      return { ...page, list: page.list.map((entry) => entry.order) };
    },
    options,
  );

  mountCall(
    router,
    cancelSampleOrder,
    ({ body, userId, language }) => {
      customer.moves.cancel(body.SampleOrderNo, uid(userId), body.reason);
      customer.onMove();
      return orders.detail(body.SampleOrderNo, language, uid(userId))!.detail;
    },
    options,
  );

  mountCall(router, querySampleOrderCounts, ({ userId }) => orders.counts(uid(userId)), options);

  mountCall(
    router,
    reorderSampleOrder,
    ({ body, userId, language }) => {
      const items = orders.itemsOfOwn(body.SampleOrderNo, uid(userId));
      if (!items) throw new ApiError("E40022006");
      list.copy(uid(userId), items);
      return list.view(uid(userId), language);
    },
    options,
  );

  mountCall(
    router,
    querySampleOrderRecordList,
    ({ query, userId, language }) => {
      // Someone else's order answers exactly like a missing one.
      const found = orders.detail(query.SampleOrderNo, language, uid(userId));
      if (!found) throw new ApiError("E40022006");
      return found.detail;
    },
    options,
  );
}
