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
import { checkApplicant } from "../applicants/profiles.ts";
import type { AccountStore } from "../accounts/store.ts";
import type { SampleStore } from "./store.ts";

export function mountSampleRoutes(
  router: Router,
  samples: SampleStore,
  options: MountOptions,
  /** Submitting and cancelling queue e-mails like staff moves; onMove sends them without making the answer wait. */
  customer: { onMove: () => void; accounts: Pick<AccountStore, "user"> },
) {
  // auth: true guarantees a user id in every handler below.
  const uid = (userId: number | null) => userId!;

  mountCall(
    router,
    addSampleProduct,
    async ({ body, userId, language }) => {
      await samples.add(uid(userId), body.siteListId, language, body.confirmNrnd === true);
      return samples.list(uid(userId), language);
    },
    options,
  );
  mountCall(router, queryOrderList, ({ userId, language }) => samples.list(uid(userId), language), options);
  mountCall(
    router,
    removeSampleProduct,
    async ({ query, userId, language }) => {
      await samples.remove(uid(userId), query.ID);
      return samples.list(uid(userId), language);
    },
    options,
  );
  mountCall(
    router,
    modifySampleProduct,
    async ({ body, userId, language }) => {
      await samples.modify(uid(userId), body.ID, body.quantity, language);
      return samples.list(uid(userId), language);
    },
    options,
  );

  mountCall(
    router,
    queryUserInfoById,
    async ({ query, userId }) => {
      if (query.userId !== userId) throw new ApiError("E40300001");
      const row = (await customer.accounts.user(uid(userId)))!;
      return { userId: row.userId, phone: row.phone, email: row.email, applicant: await samples.profile(uid(userId)) };
    },
    options,
  );

  mountCall(
    router,
    submitSampleOrder,
    async ({ body, userId, language }) => {
      const { applicant, sampleUse } = checkApplicant(body.applicant, body.sampleUse);
      if (!body.evaluationOnly) throw new ApiError("E40022018");
      const submitted = await samples.submit(uid(userId), language, applicant, sampleUse, body.addressId);
      // The next form is prefilled with these details (the account page can change or delete them).
      await samples.saveProfile(uid(userId), applicant);
      customer.onMove();
      return submitted;
    },
    options,
  );

  mountCall(
    router,
    querySampleOrderByPage,
    async ({ body, userId, language }) => {
      const page = await samples.page({ userId: uid(userId), status: body.status, pageIndex: body.pageIndex, pageSize: body.pageSize }, language);
      return { ...page, list: page.list.map((entry) => entry.order) };
    },
    options,
  );

  mountCall(
    router,
    cancelSampleOrder,
    async ({ body, userId, language }) => {
      await samples.cancel(body.SampleOrderNo, uid(userId), body.reason);
      customer.onMove();
      return (await samples.detail(body.SampleOrderNo, language, uid(userId)))!.detail;
    },
    options,
  );

  mountCall(router, querySampleOrderCounts, ({ userId }) => samples.counts(uid(userId)), options);

  mountCall(
    router,
    reorderSampleOrder,
    async ({ body, userId, language }) => {
      await samples.reorder(uid(userId), body.SampleOrderNo);
      return samples.list(uid(userId), language);
    },
    options,
  );

  mountCall(
    router,
    querySampleOrderRecordList,
    async ({ query, userId, language }) => {
      // Someone else's order answers exactly like a missing one.
      const found = await samples.detail(query.SampleOrderNo, language, uid(userId));
      if (!found) throw new ApiError("E40022006");
      return found.detail;
    },
    options,
  );
}
