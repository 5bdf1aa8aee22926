// How a finding's message names another frame: by the number the panel shows (#N) and `check` prints
// (FILE:N), the frame's index plus one, so the message and the references beside it agree.
export function frameRef(index: number | undefined): string {
  return index === undefined ? '?' : String(index + 1);
}
