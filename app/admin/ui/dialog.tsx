/**
 * Dialogs on the native <dialog> element: showModal() gives the focus trap, Escape and the
 * backdrop; focus returns to the opener when it closes.
 */
import { useEffect, useRef, type ReactNode } from "react";
import { useTranslation } from "~/i18n/react";
import { Form } from "react-router";
import { buttonClass, type ButtonVariant } from "./button";

const DIALOG =
  "m-auto w-[min(92vw,40rem)] rounded-xl border border-slate-200 bg-white p-0 text-slate-900 shadow-2xl backdrop:bg-slate-950/60 admin-dark:border-slate-700 admin-dark:bg-slate-900 admin-dark:text-slate-100";

function CloseIcon() {
  return (
    <svg aria-hidden="true" viewBox="0 0 20 20" className="size-5" fill="currentColor">
      <path d="M5.3 4.3a1 1 0 0 0-1.4 1.4L8.6 10l-4.7 4.3a1 1 0 1 0 1.4 1.4L10 11.4l4.7 4.3a1 1 0 0 0 1.4-1.4L11.4 10l4.7-4.3a1 1 0 0 0-1.4-1.4L10 8.6 5.3 4.3Z" />
    </svg>
  );
}

/** A modal dialog, open while `open` is true; Escape, the close button and `onClose` close it. */
export function Modal({
  open,
  onClose,
  title,
  children,
  footer,
  wide = false,
}: {
  open: boolean;
  onClose: () => void;
  title: ReactNode;
  children: ReactNode;
  footer?: ReactNode;
  wide?: boolean;
}) {
  const { t } = useTranslation("admin");
  const ref = useRef<HTMLDialogElement>(null);
  const onCloseRef = useRef(onClose);
  useEffect(() => {
    onCloseRef.current = onClose;
  });
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) dialog.close();
  }, [open]);
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    const handle = () => onCloseRef.current();
    dialog.addEventListener("close", handle);
    return () => dialog.removeEventListener("close", handle);
  }, []);
  const titleId = "modal-title";
  return (
    <dialog ref={ref} aria-labelledby={titleId} className={`${DIALOG} ${wide ? "w-[min(94vw,56rem)]" : ""}`}>
      {open ? (
        <div className="flex max-h-[85vh] flex-col">
          <div className="flex items-center justify-between gap-4 border-b border-slate-200 px-5 py-3 admin-dark:border-slate-700">
            <h2 id={titleId} className="text-lg font-semibold">
              {title}
            </h2>
            <button
              type="button"
              onClick={() => ref.current?.close()}
              className="rounded-md p-1.5 text-slate-500 hover:bg-slate-100 hover:text-slate-900 admin-dark:hover:bg-slate-800 admin-dark:hover:text-white"
              aria-label={t("ui.close")}
            >
              <CloseIcon />
            </button>
          </div>
          <div className="overflow-y-auto px-5 py-4">{children}</div>
          {footer ? (
            <div className="flex flex-wrap justify-end gap-2 border-t border-slate-200 px-5 py-3 admin-dark:border-slate-700">{footer}</div>
          ) : null}
        </div>
      ) : null}
    </dialog>
  );
}

/**
 * A guarded action (delete, sign out…): the trigger asks `message` before posting `fields` to
 * `action`. Without JavaScript the trigger opens an inline panel (<details>) with the same
 * question and form; with JavaScript it opens a modal dialog.
 */
export function ConfirmDialog({
  trigger,
  triggerVariant = "secondary",
  triggerClassName,
  title,
  message,
  confirmLabel,
  confirmVariant = "danger",
  action,
  method = "post",
  fields = {},
  reloadDocument = false,
}: {
  trigger: ReactNode;
  triggerVariant?: ButtonVariant;
  /** replaces the trigger's button look (e.g. a menu item) */
  triggerClassName?: string;
  title?: ReactNode;
  message: ReactNode;
  confirmLabel: ReactNode;
  confirmVariant?: ButtonVariant;
  action: string;
  method?: "post" | "delete";
  fields?: Record<string, string>;
  reloadDocument?: boolean;
}) {
  const { t } = useTranslation("admin");
  const details = useRef<HTMLDetailsElement>(null);
  const dialog = useRef<HTMLDialogElement>(null);
  const formProps = { method, action, reloadDocument, fields, confirmLabel, confirmVariant };
  const closeDetails = () => details.current?.removeAttribute("open");
  const closeDialog = () => dialog.current?.close();
  return (
    <>
      <details ref={details} className="group relative">
        <summary
          className={`list-none [&::-webkit-details-marker]:hidden ${triggerClassName ?? buttonClass(triggerVariant, "sm", "cursor-pointer")}`}
          onClick={(event) => {
            if (typeof dialog.current?.showModal === "function") {
              event.preventDefault();
              dialog.current.showModal();
            }
          }}
        >
          {trigger}
        </summary>
        <div
          role="group"
          className="absolute right-0 z-40 mt-2 w-72 rounded-lg border border-slate-200 bg-white p-4 text-sm text-slate-800 shadow-xl admin-dark:border-slate-700 admin-dark:bg-slate-900 admin-dark:text-slate-100"
        >
          <p>{message}</p>
          <ConfirmForm {...formProps} onCancel={closeDetails} />
        </div>
      </details>
      <dialog ref={dialog} aria-label={typeof title === "string" ? title : t("ui.confirm")} className={`${DIALOG} w-[min(92vw,28rem)]`}>
        <div className="p-5">
          {title ? <h2 className="mb-2 text-lg font-semibold">{title}</h2> : null}
          <p className="text-sm">{message}</p>
          <ConfirmForm {...formProps} onCancel={closeDialog} />
        </div>
      </dialog>
    </>
  );
}

function ConfirmForm({
  method,
  action,
  reloadDocument,
  fields,
  confirmLabel,
  confirmVariant,
  onCancel,
}: {
  method: "post" | "delete";
  action: string;
  reloadDocument: boolean;
  fields: Record<string, string>;
  confirmLabel: ReactNode;
  confirmVariant: ButtonVariant;
  onCancel: () => void;
}) {
  const { t } = useTranslation("admin");
  return (
    <Form method={method} action={action} reloadDocument={reloadDocument} className="mt-4 flex flex-wrap justify-end gap-2">
      {Object.entries(fields).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <button type="button" className={buttonClass("secondary", "sm")} onClick={onCancel}>
        {t("ui.cancel")}
      </button>
      <button type="submit" className={buttonClass(confirmVariant, "sm")}>
        {confirmLabel}
      </button>
    </Form>
  );
}
