/**
 * Staff accounts (Kullanıcılar, /admin/users, issue 15): what the office types for a member of
 * staff and the row actions it may post. Pure, shared by the page (Conform, in the browser and on
 * the server) and by users.server.ts, which checks the same schema again. Problems are codes of
 * the admin catalogue's `users.messages`.
 */
import { z } from "zod";
import { adminCodes } from "~/admin/codes";
import { accountEmail } from "~/auth/email";
import { isPhoneNumber, normalizePhone } from "~/booking/rules/contact";
import { STAFF_ROLES, type UserRole } from "~/server/db/schema";

export const USERS = adminCodes("users.messages", [
  "nameRequired",
  "nameTooLong",
  "emailInvalid",
  "emailTaken",
  "phoneInvalid",
  "roleInvalid",
  "lastAdmin",
  "self",
  "inactive",
  "notFound",
  "saveFailed",
]);

/** What the page's row forms may ask for, besides adding a member. */
export const STAFF_ROW_INTENTS = ["update", "deactivate", "activate", "resetTwoFactor", "resendInvite"] as const;
export type StaffRowIntent = (typeof STAFF_ROW_INTENTS)[number];

export const MAX_STAFF_NAME = 120;
/** How long an invitation's set-password link lives (a reset link lives 30 minutes). */
export const INVITE_TTL_DAYS = 7;

/** The roles /admin/users gives (a partner user belongs to a partner: app/partners/partner-users.server.ts). */
export const USER_ROLES = STAFF_ROLES;
export type { UserRole };

// A blank field arrives as undefined (Conform): "required", like an emptied one.
const name = z
  .string({ message: USERS.nameRequired })
  .transform((v) => v.trim().replace(/\s+/g, " "))
  .pipe(z.string().min(1, USERS.nameRequired).max(MAX_STAFF_NAME, USERS.nameTooLong));

/** Optional; kept in the office's one form ("+90 532 123 45 67") when given. */
const phone = z
  .string()
  .optional()
  .transform((v) => normalizePhone(v ?? ""))
  .refine((v) => v === "" || isPhoneNumber(v), USERS.phoneInvalid);

const role = z.enum(STAFF_ROLES, { message: USERS.roleInvalid });

/** A member's editable details: name, phone and role (the e-mail is the account's sign-in and stays). */
export const staffDetailsSchema = z.object({ name, phone, role });

/** A new member: the details and the e-mail the invitation goes to. */
export const staffSchema = staffDetailsSchema.extend({ email: accountEmail(USERS.emailInvalid) });

export type StaffDetails = z.output<typeof staffDetailsSchema>;
export type StaffInput = z.output<typeof staffSchema>;

/** The add form (intent "create"). */
export const createStaffFormSchema = staffSchema.extend({ intent: z.literal("create") });

/** A row's edit form (intent "update"). */
export const updateStaffFormSchema = staffDetailsSchema.extend({ intent: z.literal("update"), id: z.string().min(1).max(64) });

/** A row's one-button forms. */
export const staffActionSchema = z.object({
  intent: z.enum(["deactivate", "activate", "resetTwoFactor", "resendInvite"]),
  id: z.string().min(1).max(64),
});
