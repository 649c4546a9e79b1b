/**
 * One look for every e-mail: a plain-text body and a simple, inline-styled HTML body (mail clients
 * ignore style sheets). Texts come translated from the caller; values are escaped here.
 */
export interface MailContent {
  /** the language the mail is written in (the HTML's `lang`): the guest's, or the office's */
  lang: string;
  /** heading of the message (and the HTML's `<title>`) */
  title: string;
  /** paragraphs, in order */
  paragraphs: string[];
  /** label/value rows, e.g. the booking's details */
  details?: Array<[label: string, value: string]>;
  /**
   * A picture above the details (the guest's driver), HTML body only: an absolute http(s) URL the
   * caller vouches for (ours), drawn round at the given size; mail clients that block images show `alt`.
   */
  image?: { url: string; alt: string; width: number; height: number };
  /** one call to action */
  action?: { label: string; url: string };
  /** small print under everything (the company's name and contact) */
  footer: string;
}

const escape = (s: string) =>
  s.replace(/[&<>"']/g, (ch) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[ch]!);

/** Line breaks (and other vertical white space) in a one-line text become one space. */
export const oneLine = (s: string) => s.replace(/[\r\n\v\f\u0085\u2028\u2029]+/g, " ");

/**
 * A value that may hold line breaks (a guest's notes) as the plain-text body shows it: every line
 * after the first indented, so no value can start a line of its own and pass for one of our rows
 * ("Price: 0 TL") or a new paragraph.
 */
const indented = (s: string) => s.split(/\r\n|[\r\n\v\f\u0085\u2028\u2029]/).join("\n    ");

/**
 * The mail's two bodies. The title, the paragraphs, the labels and the link's label are one line
 * each whatever the values put in them hold (a name typed with a line break); a detail's value
 * keeps its lines, indented in the text body.
 */
export function renderMail(content: MailContent, brand = "#f59e0b"): { text: string; html: string } {
  const title = oneLine(content.title);
  const paragraphs = content.paragraphs.map(oneLine);
  const details = (content.details ?? []).map(([label, value]): [string, string] => [oneLine(label), value]);
  const text = [
    title,
    "",
    ...paragraphs.flatMap((p) => [p, ""]),
    ...details.map(([label, value]) => `${label}: ${indented(value)}`),
    ...(details.length ? [""] : []),
    ...(content.action ? [`${oneLine(content.action.label)}: ${content.action.url}`, ""] : []),
    "--",
    indented(content.footer),
  ].join("\n");

  const rows = details
    .map(
      ([label, value]) =>
        `<tr><td style="padding:6px 12px 6px 0;color:#64748b;white-space:nowrap;vertical-align:top">${escape(label)}</td><td style="padding:6px 0;color:#0f172a;white-space:pre-line">${escape(value)}</td></tr>`,
    )
    .join("");
  const html = `<!doctype html><html lang="${escape(content.lang)}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escape(title)}</title></head><body style="margin:0;background:#f1f5f9;font-family:Helvetica,Arial,sans-serif">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0"><tr><td align="center" style="padding:24px">
<table role="presentation" width="600" cellpadding="0" cellspacing="0" style="max-width:600px;background:#ffffff;border-radius:12px;overflow:hidden">
<tr><td style="background:#0b0f19;padding:20px 28px;border-bottom:4px solid ${brand};color:#ffffff;font-size:18px;font-weight:bold">${escape(title)}</td></tr>
<tr><td style="padding:24px 28px;font-size:15px;line-height:1.6;color:#0f172a">
${paragraphs.map((p) => `<p style="margin:0 0 14px">${escape(p)}</p>`).join("")}
${content.image && /^https?:\/\/[^\s]+$/.test(content.image.url) ? `<p style="margin:0 0 14px"><img src="${escape(content.image.url)}" alt="${escape(oneLine(content.image.alt))}" width="${Math.round(content.image.width)}" height="${Math.round(content.image.height)}" style="display:block;border-radius:50%;object-fit:cover;border:0"></p>` : ""}
${rows ? `<table role="presentation" cellpadding="0" cellspacing="0" style="margin:8px 0 18px;font-size:14px">${rows}</table>` : ""}
${content.action ? `<p style="margin:20px 0"><a href="${escape(content.action.url)}" style="background:${brand};color:#0b0f19;text-decoration:none;font-weight:bold;padding:12px 22px;border-radius:999px;display:inline-block">${escape(oneLine(content.action.label))}</a></p>` : ""}
</td></tr>
<tr><td style="padding:16px 28px;background:#f8fafc;color:#64748b;font-size:12px">${escape(content.footer)}</td></tr>
</table></td></tr></table></body></html>`;
  return { text, html };
}

/** Where office notices go: OFFICE_EMAIL, else the contact e-mail from settings. */
export function officeAddress(env: { OFFICE_EMAIL?: string }, general: { contactEmail: string }): string {
  return env.OFFICE_EMAIL ?? general.contactEmail;
}
