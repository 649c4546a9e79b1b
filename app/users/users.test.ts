import { describe, expect, it } from "vitest";
import { createStaffFormSchema, staffActionSchema, staffSchema, USERS } from "./users";

describe("staff form rules", () => {
  it("reads a member: name spaces folded, Turkish phone in the office's form, e-mail trimmed", () => {
    const parsed = staffSchema.parse({ name: "  Ayşe   Yılmaz ", email: " ayse@example.com ", phone: "05321234567", role: "driver" });
    expect(parsed).toEqual({ name: "Ayşe Yılmaz", email: "ayse@example.com", phone: "+90 532 123 45 67", role: "driver" });
    expect(staffSchema.parse({ name: "A", email: "a@b.co", role: "admin" }).phone).toBe("");
  });

  it("says each problem with its code", () => {
    const result = createStaffFormSchema.safeParse({ intent: "create", name: "", email: "nope", phone: "12", role: "owner" });
    expect(result.success).toBe(false);
    const byField = Object.fromEntries(result.error!.issues.map((i) => [String(i.path[0]), i.message]));
    expect(byField).toEqual({ name: USERS.nameRequired, email: USERS.emailInvalid, phone: USERS.phoneInvalid, role: USERS.roleInvalid });
    expect(staffSchema.safeParse({ name: "x".repeat(121), email: "a@b.co", role: "admin" }).error?.issues[0]?.message).toBe(USERS.nameTooLong);
  });

  it("knows only the row actions it lists", () => {
    expect(staffActionSchema.safeParse({ intent: "deactivate", id: "u1" }).success).toBe(true);
    expect(staffActionSchema.safeParse({ intent: "delete", id: "u1" }).success).toBe(false);
    expect(staffActionSchema.safeParse({ intent: "activate", id: "" }).success).toBe(false);
  });
});
