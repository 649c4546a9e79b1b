/**
 * A local WhatsApp Business Cloud API: POST /{version}/{phone-number-id}/messages with a Bearer
 * token and a template message, answered like Graph API: `{ messaging_product, contacts, messages:
 * [{ id: "wamid…" }] }`, or `{ error: { message, type, code, fbtrace_id } }` (401 for a wrong
 * token, 400 for a malformed message, 500 in the "down" outage).
 */
import { randomBytes } from "node:crypto";
import { serveFake, type MessagingFake } from "./messaging";

export interface WhatsAppTemplateMessage {
  id: string;
  phoneNumberId: string;
  to: string;
  name: string;
  language: string;
  params: string[];
}

export type WhatsAppFake = MessagingFake<WhatsAppTemplateMessage>;

const graphError = (message: string, type: string, code: number) => ({ error: { message, type, code, fbtrace_id: randomBytes(8).toString("hex") } });

export function startWhatsAppFake(options: { token: string }): Promise<WhatsAppFake> {
  return serveFake<WhatsAppTemplateMessage>((call, fake) => {
    const match = /^\/(?:v\d+\.\d+\/)?(\d+)\/messages$/.exec(call.path);
    if (call.method !== "POST" || !match) return { status: 404, body: graphError("Unknown path components", "OAuthException", 2500) };
    if (call.headers.authorization !== `Bearer ${options.token}`) return { status: 401, body: graphError("Invalid OAuth access token.", "OAuthException", 190) };
    let body: {
      messaging_product?: string;
      recipient_type?: string;
      to?: string;
      type?: string;
      template?: { name?: string; language?: { code?: string }; components?: Array<{ type?: string; parameters?: Array<{ type?: string; text?: string }> }> };
    };
    try {
      body = JSON.parse(call.raw);
    } catch {
      return { status: 400, body: graphError("Invalid JSON", "OAuthException", 100) };
    }
    const params = body.template?.components?.find((c) => c.type === "body")?.parameters ?? [];
    const valid =
      body.messaging_product === "whatsapp" &&
      body.type === "template" &&
      typeof body.to === "string" &&
      /^\d{8,15}$/.test(body.to) &&
      typeof body.template?.name === "string" &&
      typeof body.template.language?.code === "string" &&
      params.every((p) => p.type === "text" && typeof p.text === "string" && p.text.length > 0);
    if (!valid) return { status: 400, body: graphError("(#100) Invalid parameter", "OAuthException", 100) };
    const id = `wamid.${randomBytes(12).toString("base64url")}`;
    fake.received.push({ id, phoneNumberId: match[1]!, to: body.to!, name: body.template!.name!, language: body.template!.language!.code!, params: params.map((p) => p.text!) });
    return { status: 200, body: { messaging_product: "whatsapp", contacts: [{ input: body.to, wa_id: body.to }], messages: [{ id }] } };
  }, graphError("An unexpected error has occurred. Please retry your request later.", "OAuthException", 2));
}
