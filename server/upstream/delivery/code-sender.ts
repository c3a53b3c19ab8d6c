// What every way of sending a sign-in code (console, Aliyun SMS, SMTP) implements. A file of its own so the
// senders and the module that chooses among them (code-senders.ts) do not import each other.
import type { Language } from "../../../shared/languages.ts";

interface CodeMessage {
  /** Normalised mobile number or lower-case e-mail address. */
  to: string;
  code: string;
  language: Language;
}

export interface CodeSender {
  readonly name: string;
  send(message: CodeMessage): Promise<void>;
}
