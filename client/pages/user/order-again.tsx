// "Order again": a POST form (works without JavaScript) that copies an order's parts and quantities into
// the sample list; the route action then opens the list.
import { Form } from "react-router-dom";
import { useTranslation } from "../../runtime/i18n-react.tsx";

export function OrderAgain({ orderNumber }: { orderNumber: string }) {
  const { t } = useTranslation("user");
  return (
    <Form method="post" className="order-again">
      <input type="hidden" name="intent" value="reorder" />
      <input type="hidden" name="SampleOrderNo" value={orderNumber} />
      <button type="submit" className="link-button">
        {t("order.again")}
        <span className="visually-hidden"> {orderNumber}</span>
      </button>
    </Form>
  );
}
