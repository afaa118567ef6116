import type { Ref } from 'react';

/** What the sign-in forms give each of their inputs (the phone, the code). */
export interface AuthFieldProps {
  id: string;
  value: string;
  onChange: (value: string) => void;
  error?: string;
  /** The error message's id, for aria-describedby. */
  errorId?: string;
  disabled?: boolean;
  inputRef?: Ref<HTMLInputElement>;
}
