"use client";
import { useErrorText, type ShownError } from "@/app/_lib/use-error-text";

export function ErrorMessage({ error }: { error: ShownError | null }) {
  const text = useErrorText()(error);
  return text ? <p role="alert" className="whitespace-pre-line rounded-md bg-red-50 px-3 py-2 text-sm text-red-800">{text}</p> : null;
}
