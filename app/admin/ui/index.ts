/**
 * Back-office UI primitives, shared by every admin screen (import from "~/admin/ui"):
 *
 * - AdminPage({ title, description?, actions?, children }): the page frame with its <h1>.
 * - Card({ title?, actions?, children, className?, bodyClassName? }): a framed panel (<h2> title).
 * - StatusBadge({ label, tone }): a pill; tone is "neutral" | "success" | "warning" | "danger" | "info".
 * - Button({ variant, size, ...button }), LinkButton({ variant, size, to, ... }), buttonClass(variant, size, extra):
 *   variants "primary" | "secondary" | "danger" | "ghost"; sizes "sm" | "md". Button defaults to type="button".
 * - TextField, TextareaField, SelectField({ options }), Checkbox, ErrorList: a label, the control and its
 *   error list; pass `errors` (string[]) or a Conform field `meta`; every other prop goes to the control.
 *   CONTROL is their class, for a control drawn by hand.
 * - Modal({ open, onClose, title, children, footer?, wide? }): native <dialog> (focus trap, Escape, close button).
 * - ConfirmDialog({ trigger, message, confirmLabel, action, fields?, ... }): asks before posting a form;
 *   works without JavaScript (<details> panel), with it a modal dialog.
 * - Alert({ tone: "success" | "error" | "info", autoHideMs?, action?, children }): role=alert for errors, status otherwise.
 * - EmptyState({ title, description?, action? }), Spinner({ label, showLabel? }).
 *
 * Formats: useAdminFormat() in ~/admin/i18n — date(iso) ("YYYY-MM-DD HH:mm", Istanbul time, "Belirtilmemiş" or
 * the admin language's word when missing), number, km, duration, percent; money stays formatTry (tr-TR ₺).
 * Theme: use `admin-dark:` classes (not `dark:`); the shell puts `.admin-dark` on its root.
 * Texts: `useTranslation("admin")` (locales/{tr,en,de,ru}/admin.json); the admin layout provides the instance
 * in the admin language chosen in settings.
 */
export { AdminPage, Card, StatusBadge, type Tone } from "./page";
export { Button, LinkButton, buttonClass, type ButtonVariant } from "./button";
export { Checkbox, CONTROL, ErrorList, SelectField, TextField, TextareaField, type FieldMetaLike } from "./fields";
export { ConfirmDialog, Modal } from "./dialog";
export { Alert, EmptyState, Spinner } from "./feedback";
