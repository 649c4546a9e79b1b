import type { ButtonHTMLAttributes, ReactNode } from "react";
import { Link, type LinkProps } from "react-router";

export type ButtonVariant = "primary" | "secondary" | "danger" | "ghost";

const BASE =
  "inline-flex items-center justify-center gap-2 rounded-lg font-medium transition focus-visible:outline-3 disabled:cursor-not-allowed disabled:opacity-60";
const VARIANTS: Record<ButtonVariant, string> = {
  primary: "bg-brand text-ink shadow-sm hover:brightness-110",
  secondary:
    "border border-slate-300 bg-white text-slate-800 hover:bg-slate-50 admin-dark:border-slate-700 admin-dark:bg-slate-900 admin-dark:text-slate-100 admin-dark:hover:bg-slate-800",
  danger: "bg-red-600 text-white shadow-sm hover:bg-red-700",
  ghost: "text-slate-700 hover:bg-slate-100 admin-dark:text-slate-200 admin-dark:hover:bg-slate-800",
};
const SIZES = { sm: "px-3 py-1.5 text-sm", md: "px-4 py-2 text-sm" } as const;

export function buttonClass(variant: ButtonVariant = "primary", size: keyof typeof SIZES = "md", extra = "") {
  return `${BASE} ${VARIANTS[variant]} ${SIZES[size]} ${extra}`;
}

/** A button; `type` defaults to "button" so only an explicit submit submits. */
export function Button({
  variant = "primary",
  size = "md",
  className = "",
  type = "button",
  ...props
}: ButtonHTMLAttributes<HTMLButtonElement> & { variant?: ButtonVariant; size?: keyof typeof SIZES }) {
  return <button type={type} className={buttonClass(variant, size, className)} {...props} />;
}

/** A link that looks like a button. */
export function LinkButton({
  variant = "secondary",
  size = "md",
  className = "",
  children,
  ...props
}: LinkProps & { variant?: ButtonVariant; size?: keyof typeof SIZES; children: ReactNode }) {
  return (
    <Link className={buttonClass(variant, size, className)} {...props}>
      {children}
    </Link>
  );
}
