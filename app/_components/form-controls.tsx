// Form building blocks with one look across the app.
import type { InputHTMLAttributes, ReactNode, SelectHTMLAttributes } from "react";

const FIELD = "mt-1 block w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-sm focus:border-indigo-500 focus:outline-none focus:ring-2 focus:ring-indigo-200";

export function TextField({ label, ...props }: { label: string } & InputHTMLAttributes<HTMLInputElement>) {
  return <label className="block text-sm font-medium text-slate-700">{label}<input {...props} className={FIELD} /></label>;
}

export function SelectField({ label, children, ...props }: { label: string; children: ReactNode } & SelectHTMLAttributes<HTMLSelectElement>) {
  return <label className="block text-sm font-medium text-slate-700">{label}<select {...props} className={FIELD}>{children}</select></label>;
}

/**
 * A file input's own class: the browser's bare "Choose file" button restyled as a secondary button,
 * inside a bordered field like the text fields around it (the input stays a native one, so that
 * keyboard, screen readers and tests use it as they would any file input).
 */
export const FILE_INPUT = "mt-1 block w-full rounded-md border border-slate-300 bg-white text-sm text-slate-700 focus:outline-none focus:ring-2 focus:ring-indigo-200 disabled:opacity-50 "
  + "file:mr-3 file:border-0 file:border-r file:border-slate-300 file:bg-slate-50 file:px-3 file:py-2 file:text-sm file:font-medium file:text-slate-700 hover:file:bg-slate-100";

export function Button({ variant = "primary", ...props }: { variant?: "primary" | "secondary" | "danger" } & React.ButtonHTMLAttributes<HTMLButtonElement>) {
  const styles = {
    primary: "bg-indigo-600 text-white hover:bg-indigo-700",
    secondary: "border border-slate-300 bg-white text-slate-700 hover:bg-slate-100",
    danger: "border border-red-300 bg-white text-red-700 hover:bg-red-50",
  }[variant];
  return <button type="button" {...props} className={`rounded-md px-3 py-1.5 text-sm font-medium disabled:opacity-50 ${styles} ${props.className ?? ""}`} />;
}

// Errors are shown in the reader's language when the server sent a catalogue key.
export { ErrorMessage } from "./error-message";
