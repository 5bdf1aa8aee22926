// Waiting on a condition rather than a clock: browser tests poll what they look at.

/** Polls `read` until `done` holds of its value (at most 300 times, 100 ms apart): the last value either way. */
export async function until<T>(read: () => Promise<T>, done: (value: T) => boolean): Promise<T> {
  let value = await read();
  for (let i = 0; i < 300 && !done(value); i++) {
    await new Promise((r) => setTimeout(r, 100));
    value = await read();
  }
  return value;
}
