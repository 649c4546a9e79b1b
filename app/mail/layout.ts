/**
 * One look for every e-mail: a plain-text body and a simple, inline-styled HTML body (mail clients
 * ignore style sheets). Texts come translated from the caller; values are escaped here.
 */
export interface MailContent {
  /** heading of the message */
  title: string;
  /** paragraphs, in order */
  paragraphs: string[];
  /** label/value rows, e.g. the booking's details */
  details?: Array<[label: string, value: string]>;
  /** one call to action */
  action?: { label: string; url: string };
  /** small print under everything (the company's name and contact) */
  footer: string;
}

const escape = (s: string) =>
  s.replace(/[&<>"']/g, (ch) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[ch]!);

export function renderMail(content: MailContent, brand = "#f59e0b"): { text: string; html: string } {
  const text = [
    content.title,
    "",
    ...content.paragraphs.flatMap((p) => [p, ""]),
    ...(content.details?.map(([label, value]) => `${label}: ${value}`) ?? []),
    ...(content.details?.length ? [""] : []),
    ...(content.action ? [`${content.action.label}: ${content.action.url}`, ""] : []),
    "--",
    content.footer,
  ].join("\n");

  const rows = (content.details ?? [])
    .map(
      ([label, value]) =>
        `<tr><td style="padding:6px 12px 6px 0;color:#64748b;white-space:nowrap;vertical-align:top">${escape(label)}</td><td style="padding:6px 0;color:#0f172a;white-space:pre-line">${escape(value)}</td></tr>`,
    )
    .join("");
  const html = `<!doctype html><html><body style="margin:0;background:#f1f5f9;font-family:Helvetica,Arial,sans-serif">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0"><tr><td align="center" style="padding:24px">
<table role="presentation" width="600" cellpadding="0" cellspacing="0" style="max-width:600px;background:#ffffff;border-radius:12px;overflow:hidden">
<tr><td style="background:#0b0f19;padding:20px 28px;border-bottom:4px solid ${brand};color:#ffffff;font-size:18px;font-weight:bold">${escape(content.title)}</td></tr>
<tr><td style="padding:24px 28px;font-size:15px;line-height:1.6;color:#0f172a">
${content.paragraphs.map((p) => `<p style="margin:0 0 14px">${escape(p)}</p>`).join("")}
${rows ? `<table role="presentation" cellpadding="0" cellspacing="0" style="margin:8px 0 18px;font-size:14px">${rows}</table>` : ""}
${content.action ? `<p style="margin:20px 0"><a href="${escape(content.action.url)}" style="background:${brand};color:#0b0f19;text-decoration:none;font-weight:bold;padding:12px 22px;border-radius:999px;display:inline-block">${escape(content.action.label)}</a></p>` : ""}
</td></tr>
<tr><td style="padding:16px 28px;background:#f8fafc;color:#64748b;font-size:12px">${escape(content.footer)}</td></tr>
</table></td></tr></table></body></html>`;
  return { text, html };
}

/** Where office notices go: OFFICE_EMAIL, else the contact e-mail from settings. */
export function officeAddress(env: { OFFICE_EMAIL?: string }, general: { contactEmail: string }): string {
  return env.OFFICE_EMAIL ?? general.contactEmail;
}
