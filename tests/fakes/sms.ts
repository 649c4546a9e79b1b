/**
 * A local Twilio-compatible Messages API: POST /2010-04-01/Accounts/{sid}/Messages.json with basic
 * auth (sid:token) and a form To, From, Body; answers 201 `{ sid: "SM…", status: "queued", … }`,
 * or Twilio's error shape `{ code, message, more_info, status }` (401, 400, 500 when "down").
 */
import { randomBytes } from "node:crypto";
import { serveFake, type MessagingFake } from "./messaging";

export interface SmsMessage {
  sid: string;
  to: string;
  from: string;
  body: string;
}

export type SmsFake = MessagingFake<SmsMessage>;

const twilioError = (status: number, code: number, message: string) => ({ code, message, more_info: `https://www.twilio.com/docs/errors/${code}`, status });

export function startSmsFake(options: { accountSid: string; authToken: string }): Promise<SmsFake> {
  const auth = `Basic ${Buffer.from(`${options.accountSid}:${options.authToken}`).toString("base64")}`;
  return serveFake<SmsMessage>((call, fake) => {
    if (call.method !== "POST" || call.path !== `/2010-04-01/Accounts/${options.accountSid}/Messages.json`) return { status: 404, body: twilioError(404, 20404, "The requested resource was not found") };
    if (call.headers.authorization !== auth) return { status: 401, body: twilioError(401, 20003, "Authenticate") };
    const form = new URLSearchParams(call.raw);
    const to = form.get("To") ?? "";
    const from = form.get("From") ?? "";
    const body = form.get("Body") ?? "";
    if (!/^\+[1-9]\d{7,14}$/.test(to)) return { status: 400, body: twilioError(400, 21211, `The 'To' number ${to} is not a valid phone number.`) };
    if (!from || !body) return { status: 400, body: twilioError(400, 21602, "Message body is required.") };
    const sid = `SM${randomBytes(16).toString("hex")}`;
    fake.received.push({ sid, to, from, body });
    return { status: 201, body: { sid, account_sid: options.accountSid, to, from, body, status: "queued", num_segments: "1", direction: "outbound-api" } };
  }, twilioError(500, 20500, "Internal Server Error"));
}
