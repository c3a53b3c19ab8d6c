// The API contract: every call of SPEC §7 with its schemas. Both the upstream and the page client import this.
export * from "./envelope.ts";
export * from "./common.ts";
export * from "./errors.ts";
export * from "./define.ts";
export * from "./site.ts";
export * from "./content.ts";
export * from "./account.ts";
export * from "./cross-reference.ts";
export * from "./addresses.ts";
export * from "./watches.ts";
export * from "./my-data.ts";
export * from "./preview.ts";
import type { CallDefinition } from "./define.ts";
import {
  querySiteListDataByPage,
  queryDistinctProductFieldData,
  queryAttachPage,
  queryAttachInfo,
  queryAttachHistory,
  addDownloadRecord,
  queryNewsByPage,
  queryNewsById,
  addPageView,
  queryRecruitmentByPage,
  queryRecruitmentById,
  addLeaveWord,
  searchSite,
  queryNoticeByPage,
  queryNoticeByNumber,
  queryPartModels,
  queryModelValidation,
  queryModelValidations,
  queryModelFamilyPacks,
} from "./content.ts";
// Not re-exported: the browser's contract facade of this module is in every first load, and only the HTML
// datasheet's loader asks for a part's curves (it imports model-curves.ts itself).
import { queryModelCurves } from "./model-curves.ts";
import { querySitePageData, querySiteList, isLogin } from "./site.ts";
import { queryCrossReference, queryCrossReferenceBatch } from "./cross-reference.ts";
import {
  sendSmsVerifyCode,
  sendVerifyCode,
  authAndRegisterBySms,
  authAndRegisterByEmail,
  loginOut,
  addSampleProduct,
  queryOrderList,
  removeSampleProduct,
  modifySampleProduct,
  queryUserInfoById,
  submitSampleOrder,
  querySampleOrderByPage,
  querySampleOrderRecordList,
  cancelSampleOrder,
  querySampleOrderCounts,
  reorderSampleOrder,
} from "./account.ts";
import { queryRegionList, queryShippingAddresses, removeShippingAddress, saveShippingAddress } from "./addresses.ts";
import { deleteMyAccount, exportMyData, removeApplicantProfile, saveApplicantProfile } from "./my-data.ts";
import { queryPreviewRevoked } from "./preview.ts";
import {
  addPartWatches,
  addWatchesFrom,
  confirmEmailWatch,
  queryEmailWatches,
  queryPartWatches,
  removeEmailWatch,
  removePartWatch,
  requestEmailWatch,
  unsubscribeWatches,
} from "./watches.ts";

/** Every call, in the order of SPEC §7; the upstream mounts these and the OpenAPI document lists them. */
export const calls: readonly CallDefinition[] = [
  querySitePageData,
  querySiteList,
  isLogin,
  // [content calls]
  queryAttachPage,
  queryAttachInfo,
  queryAttachHistory,
  addDownloadRecord,
  queryNewsByPage,
  queryNewsById,
  addLeaveWord,
  queryRecruitmentByPage,
  queryRecruitmentById,
  addPageView,
  querySiteListDataByPage,
  queryDistinctProductFieldData,
  searchSite,
  queryCrossReference,
  queryCrossReferenceBatch,
  queryNoticeByPage,
  queryNoticeByNumber,
  queryPartModels,
  queryModelValidation,
  queryModelValidations,
  queryModelCurves,
  queryModelFamilyPacks,
  // [account and sample-order calls]
  authAndRegisterBySms,
  authAndRegisterByEmail,
  sendSmsVerifyCode,
  sendVerifyCode,
  loginOut,
  addSampleProduct,
  queryOrderList,
  removeSampleProduct,
  modifySampleProduct,
  queryUserInfoById,
  submitSampleOrder,
  querySampleOrderByPage,
  querySampleOrderRecordList,
  cancelSampleOrder,
  querySampleOrderCounts,
  reorderSampleOrder,
  queryShippingAddresses,
  saveShippingAddress,
  removeShippingAddress,
  queryRegionList,
  saveApplicantProfile,
  removeApplicantProfile,
  exportMyData,
  deleteMyAccount,
  // [preview]
  queryPreviewRevoked,
  // [part watches]
  queryPartWatches,
  addPartWatches,
  removePartWatch,
  unsubscribeWatches,
  requestEmailWatch,
  confirmEmailWatch,
  queryEmailWatches,
  removeEmailWatch,
  addWatchesFrom,
];
