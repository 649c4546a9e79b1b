/**
 * "Characters: 930 / 1000" under a long text field once its text nears the limit, and how many
 * characters are too many past it. The field itself has no `maxLength`: a browser cuts a pasted
 * text there without a word, so the visitor is told here and the server refuses a longer text,
 * keeping it, rather than anything being dropped. It reads the field by id (a Conform textarea
 * stays uncontrolled); without JavaScript there is no counter and the server's error says it.
 */
import { useEffect, useState } from "react";
import { useTranslation } from "~/i18n/react";

/** The share of the limit from which the count is shown. */
const NEAR = 0.8;

export function LengthCounter({ id, target, max }: { id: string; target: string; max: number }) {
  const { t } = useTranslation("common");
  const [length, setLength] = useState(0);
  useEffect(() => {
    const field = document.getElementById(target) as HTMLTextAreaElement | HTMLInputElement | null;
    if (!field) return;
    // The server counts the trimmed text: so does the counter.
    const read = () => setLength(field.value.trim().length);
    read();
    field.addEventListener("input", read);
    return () => field.removeEventListener("input", read);
  }, [target]);
  const over = length - max;
  return (
    <p id={id} aria-live="polite" data-length-counter className={`mt-1 text-right text-xs ${over > 0 ? "font-semibold text-red-700 dark:text-red-400" : "text-slate-600 dark:text-slate-300"}`}>
      {length >= max * NEAR ? (over > 0 ? t("length.over", { over }) : t("length.count", { length, max })) : null}
    </p>
  );
}
