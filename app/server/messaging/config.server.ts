/**
 * Which guest-message channels this server has (environment variables; a channel is off unless
 * its required ones are set) and their providers.
 */
import type { Env } from "../env.server";
import type { MessageChannel, MessageProvider } from "./provider";
import { createSmsProvider } from "./sms.server";
import { createWhatsAppProvider } from "./whatsapp.server";

export type MessagingEnv = Pick<
  Env,
  "PUBLIC_URL" | "WHATSAPP_TOKEN" | "WHATSAPP_PHONE_NUMBER_ID" | "WHATSAPP_API_URL" | "SMS_API_URL" | "SMS_ACCOUNT_SID" | "SMS_AUTH_TOKEN" | "SMS_FROM"
>;

/** Each channel: configured on this server or not (the settings page shows it). */
export function configuredChannels(env: Partial<MessagingEnv>): Record<MessageChannel, boolean> {
  return {
    whatsapp: Boolean(env.WHATSAPP_TOKEN && env.WHATSAPP_PHONE_NUMBER_ID),
    sms: Boolean(env.SMS_ACCOUNT_SID && env.SMS_AUTH_TOKEN && env.SMS_FROM),
  };
}

/** Variables set for a channel that still lacks a required one (logged at start: the channel stays off). */
export function incompleteChannels(env: Partial<MessagingEnv>): MessageChannel[] {
  const on = configuredChannels(env);
  const out: MessageChannel[] = [];
  if (!on.whatsapp && (env.WHATSAPP_TOKEN || env.WHATSAPP_PHONE_NUMBER_ID)) out.push("whatsapp");
  if (!on.sms && (env.SMS_ACCOUNT_SID || env.SMS_AUTH_TOKEN || env.SMS_FROM)) out.push("sms");
  return out;
}

export function messagingProviders(env: Partial<MessagingEnv>): MessageProvider[] {
  const on = configuredChannels(env);
  const providers: MessageProvider[] = [];
  if (on.whatsapp) {
    providers.push(createWhatsAppProvider({ token: env.WHATSAPP_TOKEN!, phoneNumberId: env.WHATSAPP_PHONE_NUMBER_ID!, apiUrl: env.WHATSAPP_API_URL }));
  }
  if (on.sms) {
    providers.push(createSmsProvider({ accountSid: env.SMS_ACCOUNT_SID!, authToken: env.SMS_AUTH_TOKEN!, from: env.SMS_FROM!, apiUrl: env.SMS_API_URL, ...(env.PUBLIC_URL ? { statusCallback: `${env.PUBLIC_URL}/api/webhooks/sms` } : {}) }));
  }
  return providers;
}
