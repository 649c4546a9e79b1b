import { describe, expect, it } from "vitest";
import { e164, type OutgoingMessage } from "./provider";
import { createSmsProvider } from "./sms.server";
import { twilioSignature, verifyTwilioSignature, verifyWhatsAppSignature, whatsappSignature, whatsappStatusReports, smsStatusReport } from "./webhooks.server";
import { createWhatsAppProvider, whatsappBody } from "./whatsapp.server";

const message: OutgoingMessage = { to: "+905321234567", templateName: "booking_confirmation", languageCode: "tr", params: ["Ayşe", "VT-1"], text: "Merhaba Ayşe" };

const answering = (status: number, body: unknown) => async () => new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } });

describe("messaging providers", () => {
  it("writes numbers as E.164", () => {
    expect(e164("+90 532 123 45 67")).toBe("+905321234567");
    expect(e164("0049 (30) 123-4567")).toBe("+49301234567");
    expect(e164("0532 123 45 67")).toBeNull();
  });

  it("sends the Cloud API's template message body", () => {
    expect(whatsappBody(message)).toEqual({
      messaging_product: "whatsapp",
      recipient_type: "individual",
      to: "905321234567",
      type: "template",
      template: { name: "booking_confirmation", language: { code: "tr" }, components: [{ type: "body", parameters: [{ type: "text", text: "Ayşe" }, { type: "text", text: "VT-1" }] }] },
    });
  });

  it("reads WhatsApp answers: the message id, 4xx permanent but 429, 5xx and network failures retryable", async () => {
    const wa = (fetch: Parameters<typeof createWhatsAppProvider>[0]["fetch"]) => createWhatsAppProvider({ token: "t", phoneNumberId: "1", fetch });
    expect(await wa(answering(200, { messages: [{ id: "wamid.X" }] })).send(message)).toEqual({ ok: true, providerId: "wamid.X" });
    expect(await wa(answering(400, { error: { message: "Invalid parameter", code: 100 } })).send(message)).toMatchObject({ ok: false, retryable: false, error: expect.stringContaining("Invalid parameter") });
    expect(await wa(answering(429, { error: { message: "Too many", code: 130429 } })).send(message)).toMatchObject({ ok: false, retryable: true });
    expect(await wa(answering(503, {})).send(message)).toMatchObject({ ok: false, retryable: true });
    expect(await wa(async () => { throw new TypeError("fetch failed"); }).send(message)).toMatchObject({ ok: false, retryable: true, error: "fetch failed" });
  });

  it("posts the SMS form with basic auth and reads the sid", async () => {
    let seen: { url: string; init: RequestInit } | undefined;
    const provider = createSmsProvider({
      accountSid: "AC1",
      authToken: "secret",
      from: "+905300000000",
      apiUrl: "http://sms.test/",
      statusCallback: "https://vip.example.com/api/webhooks/sms",
      fetch: async (url, init) => {
        seen = { url, init };
        return new Response(JSON.stringify({ sid: "SM1", status: "queued" }), { status: 201 });
      },
    });
    expect(await provider.send(message)).toEqual({ ok: true, providerId: "SM1" });
    expect(seen!.url).toBe("http://sms.test/2010-04-01/Accounts/AC1/Messages.json");
    expect((seen!.init.headers as Record<string, string>).Authorization).toBe(`Basic ${Buffer.from("AC1:secret").toString("base64")}`);
    expect(Object.fromEntries(new URLSearchParams(String(seen!.init.body)))).toEqual({ To: "+905321234567", From: "+905300000000", Body: "Merhaba Ayşe", StatusCallback: "https://vip.example.com/api/webhooks/sms" });
  });
});

describe("delivery webhooks", () => {
  it("checks Meta's and Twilio's signatures", () => {
    const body = '{"entry":[]}';
    expect(verifyWhatsAppSignature(body, whatsappSignature(body, "s"), "s")).toBe(true);
    expect(verifyWhatsAppSignature(body, whatsappSignature(body, "other"), "s")).toBe(false);
    expect(verifyWhatsAppSignature(body, whatsappSignature(body, "s"), undefined)).toBe(false);
    // Twilio's documented example
    const params = { CallSid: "CA1234567890ABCDE", Caller: "+14158675309", Digits: "1234", From: "+14158675309", To: "+18005551212" };
    const url = "https://mycompany.com/myapp.php?foo=1&bar=2";
    expect(twilioSignature(url, params, "12345")).toBe("RSOYDt4T1cUTdK1PDd93/VVr8B8=");
    expect(verifyTwilioSignature(url, params, "RSOYDt4T1cUTdK1PDd93/VVr8B8=", "12345")).toBe(true);
    expect(verifyTwilioSignature(url, { ...params, Digits: "9" }, "RSOYDt4T1cUTdK1PDd93/VVr8B8=", "12345")).toBe(false);
  });

  it("reads the statuses of a Cloud API webhook and a Twilio callback", () => {
    const body = { entry: [{ changes: [{ value: { statuses: [{ id: "wamid.1", status: "delivered" }, { id: "wamid.2", status: "failed", errors: [{ code: 131026, title: "Message undeliverable" }] }, { id: "wamid.3", status: "deleted" }] } }] }] };
    expect(whatsappStatusReports(body)).toEqual([
      { providerId: "wamid.1", status: "delivered" },
      { providerId: "wamid.2", status: "failed", error: "Message undeliverable (code 131026)" },
    ]);
    expect(whatsappStatusReports("nonsense")).toEqual([]);
    expect(smsStatusReport({ MessageSid: "SM1", MessageStatus: "undelivered", ErrorCode: "30003" })).toEqual({ providerId: "SM1", status: "failed", error: "error code 30003" });
    expect(smsStatusReport({ MessageSid: "SM1", MessageStatus: "queued" })).toBeNull();
  });
});
