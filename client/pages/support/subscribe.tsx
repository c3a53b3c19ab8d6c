// The one route of subscribing by e-mail without an account, /{lang}/subscribe/:step?: no step is the form,
// "confirm" the confirmation link's page, "manage" the mailbox's manage page; any other step is a 404. One
// route keeps the route table every first load carries small (decision 012).
// docs/decisions/034-part-watches-and-notice-mail.md.
import { data, useLocation, type ActionFunctionArgs, type LoaderFunctionArgs } from "react-router-dom";
import { action as confirmAction, Component as ConfirmPage, loader as confirmLoader } from "./subscribe-confirm.tsx";
import { action as formAction, Component as FormPage, loader as formLoader } from "./subscribe-form.tsx";
import { action as manageAction, Component as ManagePage, loader as manageLoader } from "./subscribe-manage.tsx";

const form = { loader: formLoader, action: formAction, Component: FormPage };
const confirm = { loader: confirmLoader, action: confirmAction, Component: ConfirmPage };
const manage = { loader: manageLoader, action: manageAction, Component: ManagePage };

function stepOf(step: string | undefined) {
  if (step === undefined) return form;
  if (step === "confirm") return confirm;
  if (step === "manage") return manage;
  return null;
}

export function loader(args: LoaderFunctionArgs) {
  const step = stepOf(args.params.step);
  if (!step) throw data(null, { status: 404 });
  return step.loader(args);
}

export function action(args: ActionFunctionArgs) {
  const step = stepOf(args.params.step);
  if (!step) throw data(null, { status: 404 });
  return step.action(args);
}

export function Component() {
  // The step from the path's last segment (useLocation rather than useParams: the router's exports that other
  // pages already import cost the shared library chunk nothing more).
  const last = useLocation().pathname.replace(/\/$/, "").split("/").at(-1);
  const Step = stepOf(last === "subscribe" ? undefined : last)?.Component;
  return Step ? <Step /> : null;
}
