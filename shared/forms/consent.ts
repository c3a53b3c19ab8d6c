// What a visitor agrees to when sending the document download form, and to which version of the privacy
// policy: the dialog shows this text, and the upstream records it with the entry (download_records), so
// an export or an audit can say what was agreed, when, and under which policy.

/** The privacy policy in force: content/pages/privacy.json, "Effective: 1 June 2026". */
const privacyPolicyVersion = "2026-06-01";

export const downloadConsent = {
  policyVersion: privacyPolicyVersion,
  text: {
    zh: "提交即表示您同意我们仅将这些信息用于技术支持及跟进您的产品需求，并按隐私政策（2026 年 6 月 1 日版）处理。",
    en: "By sending this form you agree that we use these details only for technical support and follow-up on your product needs, as our Privacy Policy (version of 1 June 2026) describes.",
  },
} as const;
