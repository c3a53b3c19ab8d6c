// The subject and decoded text of a single-part message as nodemailer writes it (7bit, quoted-printable
// or base64 body; RFC 2047 encoded-word subject).
export function decodeMail(raw: string): { subject: string; text: string } {
  const [head = "", ...rest] = raw.split(/\r?\n\r?\n/);
  const body = rest.join("\n\n");
  const unfolded = head.replace(/\r?\n[ \t]+/g, " ");
  const header = (name: string) => new RegExp(`^${name}:\\s*(.*)$`, "im").exec(unfolded)?.[1]?.trim() ?? "";
  const encoding = header("Content-Transfer-Encoding").toLowerCase();
  const text =
    encoding === "base64"
      ? Buffer.from(body.replace(/\s+/g, ""), "base64").toString("utf8")
      : encoding === "quoted-printable"
        ? Buffer.from(
            body.replace(/=\r?\n/g, "").replace(/=([0-9A-F]{2})/gi, (_, hex) => String.fromCharCode(parseInt(hex, 16))),
            "latin1",
          ).toString("utf8")
        : body;
  const subject = header("Subject")
    .replace(/\?=\s+=\?/g, "?==?")
    .replace(/=\?utf-8\?([BQ])\?([^?]*)\?=/gi, (_, kind: string, data: string) =>
      kind.toUpperCase() === "B"
        ? Buffer.from(data, "base64").toString("utf8")
        : Buffer.from(
            data.replace(/_/g, " ").replace(/=([0-9A-F]{2})/gi, (_m, hex) => String.fromCharCode(parseInt(hex, 16))),
            "latin1",
          ).toString("utf8"),
    );
  return { subject, text: text.replace(/\r\n/g, "\n") };
}
