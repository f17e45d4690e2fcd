import { useEffect, useRef, useState, type KeyboardEvent } from "react";

/** The props of a field whose value is typed as text in the user's format. */
export interface TypedFieldProps {
  id?: string;
  name?: string;
  /** The value the form holds ("2026-12-03", "14:30"); "" for none. */
  value: string;
  /** Called with each value typed or picked; "" while the text is empty or not a value. */
  onChange(value: string): void;
  /** Called when a value is settled: picked, or typed and the field left or Enter pressed. */
  onCommit?(value: string): void;
  onBlur?(): void;
  disabled?: boolean;
  className?: string;
  "aria-label"?: string;
  "aria-describedby"?: string;
  "aria-invalid"?: boolean;
}

interface TypedValueOptions extends Pick<TypedFieldProps, "value" | "onChange" | "onCommit"> {
  show(value: string): string;
  /** The value of typed text, or null when it is not one. */
  read(text: string): string | null;
  /** Said under the field when what was typed is not a value. */
  message: string;
  /** What the field was given for its text box: id, name, labels, onBlur. */
  field: Omit<TypedFieldProps, "value" | "onChange" | "onCommit" | "disabled" | "className">;
  /** The id of the message, which the text box points at while it is shown. */
  errorId: string;
}

/**
 * A text box that holds a value typed in the user's format. Each keystroke hands on the value of
 * the text, "" while it is empty or not a value (as a native input with bad input does); once the
 * box is left, it says what is wrong. While the text is not a value the box is invalid to the
 * browser and its form is not sent. A new value from outside replaces the text.
 */
export function useTypedValue({
  value,
  onChange,
  onCommit,
  show,
  read,
  message,
  field,
  errorId,
}: TypedValueOptions) {
  const ref = useRef<HTMLInputElement>(null);
  const [text, setText] = useState(() => show(value));
  const [shownValue, setShownValue] = useState(value);
  const [leftInvalid, setLeftInvalid] = useState(false);
  if (value !== shownValue) {
    setShownValue(value);
    setText(show(value));
    setLeftInvalid(false);
  }
  const typed = text.trim() ? read(text) : "";
  const invalid = typed === null;
  const error = leftInvalid && invalid ? message : undefined;

  useEffect(() => {
    const input = ref.current;
    input?.setCustomValidity(invalid ? message : "");
    const form = input?.form;
    if (!form || !invalid) return;
    // A form that shows its own messages (noValidate) is kept from being sent too: this listener
    // on the form runs before React's, at the root.
    const refuse = (event: Event) => {
      event.preventDefault();
      event.stopPropagation();
      setLeftInvalid(true);
      input.focus();
    };
    form.addEventListener("submit", refuse);
    return () => form.removeEventListener("submit", refuse);
  }, [invalid, message]);

  const commit = () => {
    setLeftInvalid(invalid);
    if (!typed) return;
    setText(show(typed));
    onCommit?.(typed);
  };
  const { onBlur, "aria-describedby": describedBy, "aria-invalid": markedInvalid, ...labels } = field;
  return {
    error,
    inputProps: {
      ...labels,
      ref,
      value: text,
      "aria-invalid": markedInvalid || error ? true : undefined,
      "aria-describedby": [describedBy, error && errorId].filter(Boolean).join(" ") || undefined,
      onChange(event: { target: { value: string } }) {
        const next = event.target.value;
        setText(next);
        const nextValue = (next.trim() && read(next)) || "";
        if (nextValue === value) return;
        setShownValue(nextValue);
        onChange(nextValue);
      },
      onBlur() {
        commit();
        onBlur?.();
      },
      onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
        if (event.key === "Enter") commit();
      },
    },
  };
}
