// The e-mails an applicant receives about their sample order, in the language it was submitted in: the
// confirmation of the submission, and each move (the new status, the parts, the tracking number once
// shipped, the reason when rejected or cancelled), each with a link to the order on the site's public origin.
import { localizePath, type Language } from "../../../shared/languages.ts";
import type { OrderStatus } from "../../../shared/samples/order-status.ts";
import type { MailMessage } from "../delivery/mailer.ts";
import { sampleLimits } from "../../../shared/contract/index.ts";
import { orderDetailPath } from "../../../shared/paths.ts";

export interface OrderMailInput {
  language: Language;
  orderNumber: string;
  applicantName: string;
  applicantEmail: string;
  items: Array<{ partNumber: string; name: string; quantity: number }>;
  status: OrderStatus;
  carrier: string | null;
  trackingNumber: string | null;
  note: string | null;
  /** PUBLIC_ORIGIN, e.g. https://www.qingyun-power.com */
  publicOrigin: string;
}

// The SPEC §4 labels, as on the order pages (locales/*/user.json "status"); the upstream cannot read locales/.
const labels: Record<Language, Record<OrderStatus, string>> = {
  zh: { pending: "待处理", inStock: "备货中", shipped: "已发货", rejected: "已驳回", done: "已完成", signed: "已签收", cancelled: "已取消" },
  en: { pending: "Processed/Pending", inStock: "In Stock", shipped: "Sent", rejected: "Rejected", done: "Completed", signed: "Received", cancelled: "Cancelled" },
};

const explanations: Record<Language, Record<OrderStatus, string>> = {
  zh: {
    pending: "我们已收到您的申请，销售工程师正在审核。",
    inStock: "您的申请已通过审核，样品正在备货打包。",
    shipped: "您的样品已从仓库发出。",
    rejected: "很抱歉，您的样品申请未能通过审核。",
    signed: "您的样品包裹已签收。",
    done: "您的样品订单已完成，感谢您评估青云功率半导体的器件。",
    cancelled: "您已取消这份样品申请。如仍需要样品，可以再次提交相同的清单。",
  },
  en: {
    pending: "We have received your application and our sales engineers are reviewing it.",
    inStock: "Your application has been approved and the samples are being picked and packed.",
    shipped: "Your samples have left our warehouse.",
    rejected: "We are sorry: your sample application could not be approved.",
    signed: "Your sample parcel has been signed for.",
    done: "Your sample order is completed. Thank you for evaluating Qingyun Power Semiconductor devices.",
    cancelled: "You have cancelled this sample application. If you need the samples after all, you can submit the same list again.",
  },
};

function orderDetailUrl(publicOrigin: string, language: Language, orderNumber: string): string {
  return new URL(localizePath(orderDetailPath(orderNumber), language), publicOrigin).href;
}

/** "QCM013120K4 × 3", with the product's name after it only when it says more than the part number. */
export function partLine(item: { partNumber: string; name: string; quantity: number }): string {
  const name = item.name.trim();
  const line = `${item.partNumber} × ${item.quantity}`;
  return name && name !== item.partNumber ? `${line}  ${name}` : line;
}

/**
 * The confirmation sent when the order is submitted: number, parts and quantities, where it ships (a masked
 * summary only: an e-mail passes through servers we do not control), the stated review time, the link.
 */
export function composeConfirmationMail(input: OrderMailInput & { addressSummary: string | null }): MailMessage {
  const { language: lang, orderNumber } = input;
  const link = orderDetailUrl(input.publicOrigin, lang, orderNumber);
  const parts = input.items.map((item) => `  - ${partLine(item)}`);
  const days = sampleLimits.reviewWorkingDays;
  if (lang === "zh") {
    return {
      to: input.applicantEmail,
      subject: `已收到您的样品申请 ${orderNumber}`,
      text: [
        `${input.applicantName}，您好：`,
        "",
        `我们已收到您的样品申请，订单号 ${orderNumber}。销售工程师通常在 ${days} 个工作日内完成审核，每一步进展我们都会邮件通知您。`,
        "",
        "样品：",
        ...parts,
        "",
        ...(input.addressSummary ? [`寄往：${input.addressSummary}`, ""] : []),
        `查看订单详情：${link}`,
        "订单在审核开始前可以在订单页面取消。",
        "",
        "样品仅供评估使用，不得用于商业用途。",
        "青云功率半导体有限公司",
      ].join("\n"),
    };
  }
  return {
    to: input.applicantEmail,
    subject: `We have received your sample application ${orderNumber}`,
    text: [
      `Dear ${input.applicantName},`,
      "",
      `We have received your sample application, order number ${orderNumber}. Our sales engineers usually review an application within ${days} working days, and we will e-mail you at every step.`,
      "",
      "Parts:",
      ...parts,
      "",
      ...(input.addressSummary ? [`Ships to: ${input.addressSummary}`, ""] : []),
      `Order details: ${link}`,
      "You can cancel the order on its page until the review starts.",
      "",
      "Samples are for evaluation only, not for commercial use.",
      "Qingyun Power Semiconductor Co., Ltd.",
    ].join("\n"),
  };
}

export function composeOrderMail(input: OrderMailInput): MailMessage {
  const { language: lang, orderNumber } = input;
  const label = labels[lang][input.status];
  const link = orderDetailUrl(input.publicOrigin, lang, orderNumber);
  const parts = input.items.map((item) => `  - ${partLine(item)}`);
  const shipping = input.status === "shipped" && input.carrier && input.trackingNumber;
  const reason = input.status === "rejected" && input.note;
  if (lang === "zh") {
    return {
      to: input.applicantEmail,
      subject: `样品订单 ${orderNumber} 状态更新：${label}`,
      text: [
        `${input.applicantName}，您好：`,
        "",
        `您的样品订单 ${orderNumber} 状态已更新为「${label}」。${explanations.zh[input.status]}`,
        ...(shipping ? [`承运商：${input.carrier}，运单号：${input.trackingNumber}`] : []),
        ...(reason ? [`原因：${input.note}`] : []),
        ...(!shipping && !reason && input.note ? [`备注：${input.note}`] : []),
        "",
        "样品：",
        ...parts,
        "",
        `查看订单详情：${link}`,
        "",
        "样品仅供评估使用，不得用于商业用途。",
        "青云功率半导体有限公司",
      ].join("\n"),
    };
  }
  return {
    to: input.applicantEmail,
    subject: `Sample order ${orderNumber}: ${label}`,
    text: [
      `Dear ${input.applicantName},`,
      "",
      `The status of your sample order ${orderNumber} is now "${label}". ${explanations.en[input.status]}`,
      ...(shipping ? [`Carrier: ${input.carrier}, tracking number: ${input.trackingNumber}`] : []),
      ...(reason ? [`Reason: ${input.note}`] : []),
      ...(!shipping && !reason && input.note ? [`Note: ${input.note}`] : []),
      "",
      "Parts:",
      ...parts,
      "",
      `Order details: ${link}`,
      "",
      "Samples are for evaluation only, not for commercial use.",
      "Qingyun Power Semiconductor Co., Ltd.",
    ].join("\n"),
  };
}
