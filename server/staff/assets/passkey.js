// The console's one script: the passkey ceremony of the sign-in and enrolment pages (@simplewebauthn/browser,
// served from its package). Strings come from the page's data- attributes, already in the page's language.
import { browserSupportsWebAuthn, startAuthentication, startRegistration } from "/assets/webauthn/index.js";

const box = document.querySelector("[data-passkey]");
if (box instanceof HTMLElement) {
  const button = box.querySelector("button");
  const message = box.querySelector(".message");
  const { passkey: kind, language, token, unsupported, failed, cancelled, busy } = box.dataset;
  const base = kind === "enrol" ? "/webauthn/enrol" : "/webauthn/sign-in";
  const extra = kind === "enrol" ? { token } : {};

  const post = async (path, body) => {
    const response = await fetch(path, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body), credentials: "same-origin" });
    const json = await response.json().catch(() => ({}));
    if (!response.ok) throw Object.assign(new Error(json.message || failed), { shown: true });
    return json;
  };

  const run = async () => {
    button.disabled = true;
    message.textContent = busy;
    try {
      const optionsJSON = await post(`${base}/options`, { language, ...extra });
      const response = kind === "enrol" ? await startRegistration({ optionsJSON }) : await startAuthentication({ optionsJSON });
      const done = await post(`${base}/verify`, { language, ...extra, response });
      window.location.assign(done.redirect);
    } catch (error) {
      message.textContent = error.shown ? error.message : error.name === "NotAllowedError" ? cancelled : failed;
      button.disabled = false;
    }
  };

  if (browserSupportsWebAuthn()) {
    button.disabled = false;
    button.addEventListener("click", run);
  } else {
    message.textContent = unsupported;
  }
}
