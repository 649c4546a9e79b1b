import { describe, expect, it } from "vitest";
import { z } from "zod";
import { problem, zodProblems } from "./problem";
import { knowsCode, translate, translateFields } from "./translate.server";

describe("problems", () => {
  it("are translated by their namespaced key, with values, in each language", () => {
    expect(translate("tr", problem("booking:errors.passengers"))).toBe("Lütfen 1 ile 12 arasında yolcu seçin.");
    expect(translate("en", problem("booking:errors.required"))).not.toBe(translate("tr", problem("booking:errors.required")));
    expect(translate("tr", problem("admin:shell.unreadCount", { count: 3 }))).toBe("3 okunmamış bildirim");
    expect(translateFields("tr", { x: [problem("booking:errors.required")] })).toEqual({ x: ["Bu alan zorunludur."] });
    expect(knowsCode(problem("booking:errors.required"))).toBe(true);
    expect(knowsCode(problem("booking:errors.noSuchKey"))).toBe(false);
  });

  it("come from zod issues whose messages are keys", () => {
    const schema = z.object({ a: z.string().min(2, "errors.required"), b: z.string().min(1, "admin:auth.messages.loginFailed"), c: z.number() });
    const result = schema.safeParse({ a: "", b: "", c: "x" });
    expect(result.success).toBe(false);
    expect(zodProblems(result.error!.issues, { namespace: "booking", fallback: "booking:errors.invalid" })).toEqual({
      a: [{ code: "booking:errors.required" }],
      b: [{ code: "admin:auth.messages.loginFailed" }],
      c: [{ code: "booking:errors.invalid" }],
    });
  });
});
