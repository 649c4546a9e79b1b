/**
 * A form's schema, and zod with it (some 25 KB compressed), loaded when the visitor starts on the
 * form instead of with the page (issue 18): `start` on the first focus in the form. Until it is here
 * the form checks nothing on blur or input; a submission made before it (the send button the first
 * thing pressed) waits for it and is made again once it is, so it is still checked in the browser
 * before anything is sent.
 */
import { useEffect, useRef, useState, type FormEvent } from "react";

export function useValidationOnDemand<V extends (formData: FormData) => unknown>(load: () => Promise<V>) {
  const [validate, setValidate] = useState<V | null>(null);
  const loading = useRef<Promise<void> | null>(null);
  const start = () => {
    loading.current ??= load().then(
      (loaded) => setValidate(() => loaded),
      () => {
        loading.current = null; // tried again on the next focus or submission
      },
    );
  };
  const [waiting, setWaiting] = useState<{ form: HTMLFormElement; submitter: HTMLElement | null } | null>(null);
  useEffect(() => {
    if (!validate || !waiting) return;
    waiting.form.requestSubmit(waiting.submitter instanceof HTMLButtonElement ? waiting.submitter : null);
    // eslint-disable-next-line react-hooks/set-state-in-effect -- the waiting submission is made, once
    setWaiting(null);
  }, [validate, waiting]);

  /** The form's onSubmit: `submit` (Conform's) once the schema is here; before, the submission waits for it. */
  const onSubmit = (event: FormEvent<HTMLFormElement>, submit: (event: FormEvent<HTMLFormElement>) => void) => {
    if (validate) return submit(event);
    event.preventDefault();
    setWaiting({ form: event.currentTarget, submitter: (event.nativeEvent as SubmitEvent).submitter });
    start();
  };

  return { validate, start, onSubmit };
}
